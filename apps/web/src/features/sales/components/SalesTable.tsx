import type { Column } from '../../../components/table/RecordTable';
import type { RecordListTableProps } from '../../../components/record/RecordListPage';
import { lastUpdatedColumn, ListTable, numberOrId } from '../../../components/table/ListTable';
import { showDate } from '../../../lib/dates';
import { salesPath, type SalesRow } from '../api/types';

const COLUMNS: Column<SalesRow>[] = [
  { key: 'name', label: 'Organization', width: 220, maxWidth: 220, render: numberOrId((r) => r.name) },
  { key: 'org_type', label: 'Type', width: 110 },
  { key: 'status', label: 'Status', width: 150, maxWidth: 150 },
  { key: 'adoption_status', label: 'Adoption', width: 140, maxWidth: 140 },
  { key: 'lead_source', label: 'Lead source', width: 150, maxWidth: 150 },
  { key: 'primary_contact', label: 'Contact', width: 140, maxWidth: 140 },
  { key: 'primary_phone', label: 'Phone', width: 110, sortable: false },
  { key: 'city', label: 'City', width: 110, maxWidth: 110 },
  { key: 'state', label: 'State', width: 60 },
  { key: 'last_contacted', label: 'Last contact', width: 95, render: (r) => showDate(r.last_contacted) },
  { key: 'next_follow_up', label: 'Follow-up', width: 95, render: (r) => showDate(r.next_follow_up) },
  { key: 'activity_hours', label: 'Hours', width: 60, align: 'right' },
  lastUpdatedColumn(),
];

/** Public mode (showing the list to someone else) hides who changed what when. */
const PUBLIC_MODE_HIDDEN = new Set(['last_updated']);

/** The dense, sortable, paged organization table in each row's colour; a row opens its organization. */
export function SalesTable({ list, publicMode = false, flashed, height }: RecordListTableProps<SalesRow>) {
  const columns = publicMode ? COLUMNS.filter((c) => !PUBLIC_MODE_HIDDEN.has(c.key)) : COLUMNS;
  return (
    <ListTable listName="organizations"
      list={list}
      columns={columns}
      noun="organization"
      name={(r) => r.name}
      rowLink={(r) => salesPath(r.id)}
      mark="organization"
      flashed={flashed}
      tag={(r) => r.colour}
      marks={(r) => ({ 'data-colour': r.colour ?? undefined })}
      height={height}
    />
  );
}
