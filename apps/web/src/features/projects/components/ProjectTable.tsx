import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Box } from '@mantine/core';
import { DaysToDue } from '../../../components/table/DaysToDue';
import { PurchaseOrderButton } from '../../../components/table/PurchaseOrderButton';
import type { Column } from '../../../components/table/RecordTable';
import type { PagedList } from '../../../components/table/usePagedList';
import { ListTable } from '../../../components/table/ListTable';
import { showDate } from '../../../lib/dates';
import { tagStyle } from '../../../lib/tagColours';
import type { ProjectRow } from '../api/types';
import { showMoney, showQuantity } from '../../../lib/numbers';

/** A list row as shown: the server's row, its place in words and, once the user asked for it, the miles to it. */
export type ShownRow = ProjectRow & { place: string; distance?: number | null };

/** The project's name on its colour tag (a light tint with the colour's left edge, tagStyle). */
export function ProjectTag({ row, link, maxWidth = 190 }: { row: Pick<ProjectRow, 'id' | 'name' | 'colour' | 'colour_background'>; link?: boolean; maxWidth?: number }) {
  const name = row.name || `Project #${row.id}`;
  return (
    <Box
      component="span"
      px={6}
      py={1}
      style={{ borderRadius: 3, ...tagStyle(row.colour), display: 'inline-block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' }}
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
    { key: 'project_days_left', label: 'Days', width: 56, title: 'Days left to the due date', align: 'right', render: (r) => <DaysToDue days={r.project_days_left} colour={r.project_days_colour} /> },
    {
      key: 'name',
      label: 'Project',
      width: 230,
      pinned: true,
      render: (r) => (
        <>
          <ProjectTag row={r} link />
          <BundleLink bundle={r.pdf_bundle} />
        </>
      ),
    },
    { key: 'status', label: 'Status', width: 90 },
    { key: 'customer_names', label: 'Customer', width: 120 },
    { key: 'work_type', label: 'Work type', width: 100 },
    { key: 'due_date', label: 'Due', width: 84, title: 'Due date (hover a date for the start)', render: (r) => <span title={r.start_date ? `Start ${showDate(r.start_date)}` : 'No start date'}>{showDate(r.due_date)}</span> },
    { key: 'place', label: 'Location', width: 125 },
  ];
  if (withDistance)
    cols.push({
      key: 'distance',
      label: 'Miles',
      width: 60,
      sortable: false,
      title: 'Miles from this device to the first location',
      align: 'right',
      render: (r) => (r.distance === null || r.distance === undefined ? '' : showQuantity(Math.round(r.distance * 10) / 10)),
    });
  cols.push({
    key: 'po_number',
    label: 'PO',
    width: 100,
    title: 'Purchase order: click one to edit it',
    render: (r) => <PurchaseOrderButton area="/project/" number={r.po_number} onClick={() => onPurchaseOrder(r)} label={`Purchase order of ${r.name || `project ${r.id}`}`} />,
  });
  // Public mode hides money, for showing the list to a customer.
  if (!publicMode) cols.push({ key: 'po_amount', label: 'PO amount', width: 100, align: 'right', render: (r) => showMoney(r.po_amount) });
  cols.push({ key: 'latest_note', label: 'Latest note', width: 170 });
  return cols;
}

interface Props {
  list: PagedList<ShownRow>;
  publicMode: boolean;
  withDistance: boolean;
  onPurchaseOrder: (row: ShownRow) => void;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
}

/** The dense, sortable, paged project table with a sticky header; a row opens its project. */
export function ProjectTable({ list, publicMode, withDistance, onPurchaseOrder, flashed }: Props) {
  const cols = useMemo(() => columns(publicMode, withDistance, onPurchaseOrder), [publicMode, withDistance, onPurchaseOrder]);
  return (
    <ListTable listName="projects" list={list} columns={cols} noun="project" name={(r) => r.name} rowLink={(r) => `/project/${r.id}`} mark="project" flashed={flashed} height="calc(100vh - 190px)" />
  );
}
