import type { Column } from '../../../components/table/RecordTable';
import { DaysToDue } from '../../../components/table/DaysToDue';
import type { RecordListTableProps } from '../../../components/record/RecordListPage';
import { ListTable, numberOrId } from '../../../components/table/ListTable';
import { showDate } from '../../../lib/dates';
import { showMoney } from '../../../lib/numbers';
import { rfqPath, type RfqRow } from '../api/types';
import { percentText } from '../listLogic';

const COLUMNS: Column<RfqRow>[] = [
  { key: 'account_rfq_number', label: 'RFQ #', width: 80, render: numberOrId((r) => r.account_rfq_number) },
  { key: 'title', label: 'Title', width: 220, maxWidth: 220 },
  { key: 'customer', label: 'Customer', width: 160, maxWidth: 160 },
  { key: 'rfq_status', label: 'Status', width: 90 },
  { key: 'rfq_date', label: 'RFQ date', width: 90, render: (r) => showDate(r.rfq_date) },
  { key: 'bid_due_date', label: 'Bid due', width: 90, render: (r) => showDate(r.bid_due_date) },
  { key: 'rfq_days_left', label: 'Days left', width: 70, align: 'right', render: (r) => <DaysToDue days={r.rfq_days_left} colour={r.rfq_days_colour} /> },
  { key: 'rfq_total_feet', label: 'Feet', width: 70, align: 'right' },
  { key: 'rfq_total_cost', label: 'Cost', width: 100, align: 'right', render: (r) => showMoney(r.rfq_total_cost) },
  { key: 'rfq_total', label: 'Total', width: 110, align: 'right', render: (r) => showMoney(r.rfq_total) },
  { key: 'rfq_margin_calculated', label: 'Margin', width: 70, align: 'right', render: (r) => percentText(r.rfq_margin_calculated) },
  { key: 'latest_note', label: 'Latest note', width: 200, maxWidth: 200 },
];

/** The dense, sortable, paged RFQ table: each row in its colour, days to bid due red under 4 and orange under 7; a row opens its RFQ. */
export function RfqTable({ list, flashed, height }: RecordListTableProps<RfqRow>) {
  return (
    <ListTable listName="rfqs"
      list={list}
      columns={COLUMNS}
      noun="RFQ"
      name={(r) => r.account_rfq_number}
      rowLink={rfqPath}
      mark="rfq"
      flashed={flashed}
      tag={(r) => r.colour}
      marks={(r) => ({ 'data-colour': r.colour ?? undefined })}
      height={height}
    />
  );
}
