import { Link } from 'react-router-dom';
import { Anchor, Text } from '@mantine/core';
import { dueColour } from '@trenchline/domain';
import { DaysToDue, shadeOf } from '../../../components/table/DaysToDue';
import type { Column } from '../../../components/table/RecordTable';
import type { PagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { showDate } from '../../../lib/dates';
import type { BidRow } from '../api/types';

/** Days to the bid due date on the domain's colour. */
export const DaysCell = ({ days }: { days: number | null }) => <DaysToDue days={days} colour={dueColour(days)} />;

const COLUMNS: Column<BidRow>[] = [
  { key: 'bid_days_away', label: 'Days', width: 56, title: 'Days to bid due', align: 'right', render: (r) => <DaysCell days={r.bid_days_away} /> },
  { key: 'bid_due_date', label: 'Bid due', width: 84, render: (r) => showDate(r.bid_due_date) },
  {
    key: 'work_request',
    label: 'Work request',
    width: 110,
    pinned: true,
    render: (r) => (
      <Anchor component={Link} to={`/bid/${r.id}`} fz="xs" onClick={(e) => e.stopPropagation()}>
        {r.work_request || `#${r.id}`}
      </Anchor>
    ),
  },
  { key: 'supplier_code', label: 'Supplier code', width: 100 },
  {
    key: 'pdf_bundle',
    label: 'Bundle',
    width: 56,
    sortable: false,
    render: (r) =>
      r.pdf_bundle ? (
        <Anchor href={r.pdf_bundle.file} target="_blank" rel="noreferrer" fz="xs" onClick={(e) => e.stopPropagation()} title={r.pdf_bundle.file_name}>
          PDF
        </Anchor>
      ) : null,
  },
  { key: 'job_number', label: 'Job #', width: 70 },
  { key: 'description', label: 'Description', width: 220 },
  { key: 'city', label: 'City', width: 100 },
  { key: 'county', label: 'County', width: 90 },
  { key: 'coordinator', label: 'Coordinator', width: 100 },
  { key: 'market', label: 'Mkt', title: 'Market', width: 50 },
  { key: 'region', label: 'Reg', title: 'Region', width: 50 },
  { key: 'our_status', label: 'Our status', width: 90 },
  { key: 'bid_status', label: 'St', title: 'Bid status', width: 50 },
  {
    key: 'bid_percent_total',
    label: 'Bid %',
    width: 60,
    align: 'right',
    render: (r) =>
      r.bid_percent_total ? (
        <Text span fz="xs" fw={600} c={r.bid_percent_colour ? `${shadeOf[r.bid_percent_colour]}.8` : undefined}>
          {r.bid_percent_total}
        </Text>
      ) : null,
  },
  { key: 'itemString', label: 'Items', width: 180 },
];

/** The dense, sortable, paged bid table with a sticky header; a row opens its bid. */
export function BidTable({ list }: { list: PagedList<BidRow> }) {
  return (
    <VirtualTable
      name="bids"
      list={list}
      label="Bids"
      columns={COLUMNS}
      selectAllLabel="Select all matching bids"
      selectLabel={(r) => `Select bid ${r.work_request ?? r.id}`}
      rowLink={(r) => `/bid/${r.id}`}
      rowProps={(r) => ({ 'data-bid-id': r.id })}
      height="calc(100vh - 150px)"
    />
  );
}
