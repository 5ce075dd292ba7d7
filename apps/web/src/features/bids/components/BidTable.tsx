import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Box, Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { dueColour } from '@trenchline/domain';
import { showDate } from '../../../lib/dates';
import type { BidRow } from '../api/types';
import type { SelectAllState, Sort } from '../listLogic';

interface Column {
  key: keyof BidRow & string;
  label: string;
  title?: string;
  align?: 'right' | 'center';
  /** Long text is cut to this width with the full text on hover. */
  maxWidth?: number;
  render?: (row: BidRow) => ReactNode;
}

const colourOf = { red: 'red', orange: 'orange', green: 'teal' } as const;

/** Days to the bid due date: red under 4, orange under 7 (the domain's rule). */
export function DaysCell({ days }: { days: number | null }) {
  const colour = dueColour(days);
  if (days === null) return null;
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

const COLUMNS: Column[] = [
  { key: 'bid_days_away', label: 'Days', title: 'Days to bid due', align: 'right', render: (r) => <DaysCell days={r.bid_days_away} /> },
  { key: 'bid_due_date', label: 'Bid due', render: (r) => showDate(r.bid_due_date) },
  {
    key: 'work_request',
    label: 'Work request',
    render: (r) => (
      <Anchor component={Link} to={`/bid/${r.id}`} fz="xs" onClick={(e) => e.stopPropagation()}>
        {r.work_request || `#${r.id}`}
      </Anchor>
    ),
  },
  { key: 'supplier_code', label: 'Supplier code' },
  {
    key: 'pdf_bundle',
    label: 'Bundle',
    render: (r) =>
      r.pdf_bundle ? (
        <Anchor href={r.pdf_bundle.file} target="_blank" rel="noreferrer" fz="xs" onClick={(e) => e.stopPropagation()} title={r.pdf_bundle.file_name}>
          PDF
        </Anchor>
      ) : null,
  },
  { key: 'job_number', label: 'Job #' },
  { key: 'description', label: 'Description', maxWidth: 220 },
  { key: 'city', label: 'City' },
  { key: 'county', label: 'County' },
  { key: 'coordinator', label: 'Coordinator' },
  { key: 'market', label: 'Mkt', title: 'Market' },
  { key: 'region', label: 'Reg', title: 'Region' },
  { key: 'our_status', label: 'Our status' },
  { key: 'bid_status', label: 'St', title: 'Bid status' },
  {
    key: 'bid_percent_total',
    label: 'Bid %',
    align: 'right',
    render: (r) =>
      r.bid_percent_total ? (
        <Text span fz="xs" fw={600} c={r.bid_percent_colour ? `${colourOf[r.bid_percent_colour]}.8` : undefined}>
          {r.bid_percent_total}
        </Text>
      ) : null,
  },
  { key: 'itemString', label: 'Items', maxWidth: 180 },
];

interface Props {
  rows: BidRow[];
  sort: Sort;
  onSort: (key: string) => void;
  selected: ReadonlySet<string>;
  allState: SelectAllState;
  onToggleAll: () => void;
  onToggle: (id: string) => void;
}

function cellText(row: BidRow, c: Column): ReactNode {
  if (c.render) return c.render(row);
  const v = row[c.key];
  return v === null || v === undefined ? '' : String(v);
}

/** The dense, sortable bid table with a sticky header; a row opens its bid. */
export function BidTable({ rows, sort, onSort, selected, allState, onToggleAll, onToggle }: Props) {
  const navigate = useNavigate();
  return (
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 150px)' }}>
      <Table striped highlightOnHover stickyHeader fz="xs" verticalSpacing={3} horizontalSpacing={6} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={28}>
              <Checkbox
                size="xs"
                aria-label="Select all shown bids"
                checked={allState === 'all'}
                indeterminate={allState === 'some'}
                onChange={onToggleAll}
              />
            </Table.Th>
            {COLUMNS.map((c) => (
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
            <Table.Tr key={r.id} onClick={() => navigate(`/bid/${r.id}`)} style={{ cursor: 'pointer' }} data-bid-id={r.id}>
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <Checkbox size="xs" aria-label={`Select bid ${r.work_request ?? r.id}`} checked={selected.has(r.id)} onChange={() => onToggle(r.id)} />
              </Table.Td>
              {COLUMNS.map((c) => (
                <Table.Td
                  key={c.key}
                  style={{ textAlign: c.align, maxWidth: c.maxWidth, overflow: c.maxWidth ? 'hidden' : undefined, textOverflow: c.maxWidth ? 'ellipsis' : undefined }}
                  title={c.maxWidth ? String(r[c.key] ?? '') : undefined}
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
