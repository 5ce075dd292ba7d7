import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Box, Button, Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { showDate } from '../../../lib/dates';
import type { ProjectRow } from '../api/types';
import { showMoney, type SelectAllState, type Sort } from '../listLogic';

/** A list row as shown: the server's row, its place in words and, once the user asked for it, the miles to it. */
export type ShownRow = ProjectRow & { place: string; distance?: number | null };

interface Column {
  key: string;
  label: string;
  title?: string;
  align?: 'right' | 'center';
  /** Long text is cut to this width with the full text on hover. */
  maxWidth?: number;
  render?: (row: ShownRow) => ReactNode;
}

const colourOf = { red: 'red', orange: 'orange' } as const;

/** Days left to the due date: red under 4, orange under 7 (the server's project_days_colour). */
export function DaysLeft({ days, colour }: { days: number | null; colour: 'red' | 'orange' | null }) {
  if (days === null || days === undefined) return null;
  return (
    <Text
      span
      fz="xs"
      fw={colour ? 700 : 400}
      c={colour ? `${colourOf[colour]}.9` : undefined}
      bg={colour ? `${colourOf[colour]}.1` : undefined}
      px={6}
      py={1}
      style={{ borderRadius: 3 }}
      data-colour={colour ?? 'none'}
    >
      {days}
    </Text>
  );
}

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

function columns(publicMode: boolean, withDistance: boolean, onPurchaseOrder: (row: ShownRow) => void): Column[] {
  const cols: Column[] = [
    { key: 'project_days_left', label: 'Days', title: 'Days left to the due date', align: 'right', render: (r) => <DaysLeft days={r.project_days_left} colour={r.project_days_colour} /> },
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

interface Props {
  rows: ShownRow[];
  sort: Sort;
  onSort: (key: string) => void;
  selected: ReadonlySet<string>;
  allState: SelectAllState;
  onToggleAll: () => void;
  onToggle: (id: string) => void;
  publicMode: boolean;
  withDistance: boolean;
  onPurchaseOrder: (row: ShownRow) => void;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
}

function cellText(row: ShownRow, c: Column): ReactNode {
  if (c.render) return c.render(row);
  const v = (row as Record<string, unknown>)[c.key];
  return v === null || v === undefined ? '' : String(v);
}

/** The dense, sortable project table with a sticky header; a row opens its project. */
export function ProjectTable({ rows, sort, onSort, selected, allState, onToggleAll, onToggle, publicMode, withDistance, onPurchaseOrder, flashed }: Props) {
  const navigate = useNavigate();
  const cols = columns(publicMode, withDistance, onPurchaseOrder);
  return (
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 190px)' }}>
      <Table striped highlightOnHover stickyHeader fz="xs" verticalSpacing={3} horizontalSpacing={6} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={28}>
              <Checkbox size="xs" aria-label="Select all shown projects" checked={allState === 'all'} indeterminate={allState === 'some'} onChange={onToggleAll} />
            </Table.Th>
            {cols.map((c) => (
              <Table.Th key={c.key} style={{ textAlign: c.align }} aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                <UnstyledButton onClick={() => onSort(c.key)} title={c.title ?? `Sort by ${c.label}`} fz="xs" fw={700}>
                  {c.label}
                  {sort.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.id}
              onClick={() => navigate(`/project/${r.id}`)}
              style={{ cursor: 'pointer', transition: 'background-color 600ms' }}
              bg={flashed.has(r.id) ? 'yellow.1' : undefined}
              data-project-id={r.id}
              data-archived={r.archived ? 'true' : undefined}
            >
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <Checkbox size="xs" aria-label={`Select project ${r.name || r.id}`} checked={selected.has(r.id)} onChange={() => onToggle(r.id)} />
              </Table.Td>
              {cols.map((c) => (
                <Table.Td
                  key={c.key}
                  data-col={c.key}
                  style={{ textAlign: c.align, maxWidth: c.maxWidth, overflow: c.maxWidth ? 'hidden' : undefined, textOverflow: c.maxWidth ? 'ellipsis' : undefined }}
                  title={c.maxWidth ? String((r as Record<string, unknown>)[c.key] ?? '') : undefined}
                >
                  {cellText(r, c)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
