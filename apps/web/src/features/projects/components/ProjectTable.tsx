import { Link } from 'react-router-dom';
import { Anchor, Box, Button } from '@mantine/core';
import { DaysToDue } from '../../../components/table/DaysToDue';
import { RecordTable, type Column, type RecordTableState } from '../../../components/table/RecordTable';
import { showDate } from '../../../lib/dates';
import type { ProjectRow } from '../api/types';
import { showMoney } from '../../../lib/numbers';

/** A list row as shown: the server's row, its place in words and, once the user asked for it, the miles to it. */
export type ShownRow = ProjectRow & { place: string; distance?: number | null };

/** The project's name on its colour tag (the colour's background at opacity 0.7). */
export function ProjectTag({ row, link, maxWidth = 190 }: { row: Pick<ProjectRow, 'id' | 'name' | 'colour' | 'colour_background'>; link?: boolean; maxWidth?: number }) {
  const name = row.name || `Project #${row.id}`;
  return (
    <Box
      component="span"
      px={6}
      py={1}
      style={{ borderRadius: 3, background: row.colour_background ?? undefined, display: 'inline-block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' }}
      title={row.colour && row.colour !== 'None' ? `${name} (${row.colour})` : name}
      data-colour-tag={row.colour ?? 'None'}
    >
      {link ? (
        <Anchor component={Link} to={`/project/${row.id}`} fz="xs" fw={600} c="dark.8" onClick={(e) => e.stopPropagation()}>
          {name}
        </Anchor>
      ) : (
        name
      )}
    </Box>
  );
}

function BundleLink({ bundle }: { bundle: ProjectRow['pdf_bundle'] }) {
  if (!bundle) return null;
  return (
    <Anchor href={bundle.file} target="_blank" rel="noreferrer" fz={11} fw={600} ml={6} onClick={(e) => e.stopPropagation()} title={`PDF bundle: ${bundle.file_name}`} data-bundle-link>
      PDF
    </Anchor>
  );
}

function columns(publicMode: boolean, withDistance: boolean, onPurchaseOrder: (row: ShownRow) => void): Column<ShownRow>[] {
  const cols: Column<ShownRow>[] = [
    { key: 'project_days_left', label: 'Days', title: 'Days left to the due date', align: 'right', render: (r) => <DaysToDue days={r.project_days_left} colour={r.project_days_colour} /> },
    {
      key: 'name',
      label: 'Project',
      render: (r) => (
        <>
          <ProjectTag row={r} link />
          <BundleLink bundle={r.pdf_bundle} />
        </>
      ),
    },
    { key: 'status', label: 'Status' },
    { key: 'customer_names', label: 'Customer', maxWidth: 120 },
    { key: 'work_type', label: 'Work type', maxWidth: 100 },
    { key: 'due_date', label: 'Due', title: 'Due date (hover a date for the start)', render: (r) => <span title={r.start_date ? `Start ${showDate(r.start_date)}` : 'No start date'}>{showDate(r.due_date)}</span> },
    { key: 'place', label: 'Location', maxWidth: 125 },
  ];
  if (withDistance)
    cols.push({
      key: 'distance',
      label: 'Miles',
      title: 'Miles from this device to the first location',
      align: 'right',
      render: (r) => (r.distance === null || r.distance === undefined ? '' : r.distance.toFixed(1)),
    });
  cols.push({
    key: 'po_number',
    label: 'PO',
    title: 'Purchase order: click one to edit it',
    render: (r) => (
      <Button
        size="compact-xs"
        variant={r.po_number ? 'subtle' : 'transparent'}
        c={r.po_number ? undefined : 'dimmed'}
        px={4}
        fw={r.po_number ? 600 : 400}
        onClick={(e) => {
          e.stopPropagation();
          onPurchaseOrder(r);
        }}
        aria-label={`Purchase order of ${r.name || `project ${r.id}`}`}
      >
        {r.po_number || 'Add PO'}
      </Button>
    ),
  });
  // Public mode hides money, for showing the list to a customer.
  if (!publicMode) cols.push({ key: 'po_amount', label: 'PO amount', align: 'right', render: (r) => showMoney(r.po_amount) });
  cols.push({ key: 'latest_note', label: 'Latest note', maxWidth: 170 });
  return cols;
}

interface Props extends RecordTableState<ShownRow> {
  publicMode: boolean;
  withDistance: boolean;
  onPurchaseOrder: (row: ShownRow) => void;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
}

/** The dense, sortable project table with a sticky header; a row opens its project. */
export function ProjectTable({ publicMode, withDistance, onPurchaseOrder, flashed, ...state }: Props) {
  return (
    <RecordTable
      {...state}
      columns={columns(publicMode, withDistance, onPurchaseOrder)}
      selectAllLabel="Select all shown projects"
      selectLabel={(r) => `Select project ${r.name || r.id}`}
      rowLink={(r) => `/project/${r.id}`}
      rowProps={(r) => ({
        style: { transition: 'background-color 600ms' },
        bg: flashed.has(r.id) ? 'yellow.1' : undefined,
        'data-project-id': r.id,
        'data-archived': r.archived ? 'true' : undefined,
      })}
      maxHeight="calc(100vh - 190px)"
    />
  );
}
