import { Link } from 'react-router-dom';
import { Anchor, Text } from '@mantine/core';
import { dueColour } from '@trenchline/domain';
import { DaysToDue, shadeOf } from '../../../components/table/DaysToDue';
import { RecordTable, type Column, type RecordTableState } from '../../../components/table/RecordTable';
import { showDate } from '../../../lib/dates';
import type { BidRow } from '../api/types';

/** Days to the bid due date on the domain's colour. */
export const DaysCell = ({ days }: { days: number | null }) => <DaysToDue days={days} colour={dueColour(days)} />;

const COLUMNS: Column<BidRow>[] = [
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
        <Text span fz="xs" fw={600} c={r.bid_percent_colour ? `${shadeOf[r.bid_percent_colour]}.8` : undefined}>
          {r.bid_percent_total}
        </Text>
      ) : null,
  },
  { key: 'itemString', label: 'Items', maxWidth: 180 },
];

/** The dense, sortable bid table with a sticky header; a row opens its bid. */
export function BidTable(props: RecordTableState<BidRow>) {
  return (
    <RecordTable
      {...props}
      columns={COLUMNS}
      selectAllLabel="Select all shown bids"
      selectLabel={(r) => `Select bid ${r.work_request ?? r.id}`}
      rowLink={(r) => `/bid/${r.id}`}
      rowProps={(r) => ({ 'data-bid-id': r.id })}
      maxHeight="calc(100vh - 150px)"
    />
  );
}
