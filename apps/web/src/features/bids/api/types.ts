import type { BidFields, Line } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every bid field, null when never set (the API always sends the full shape). */
export type BidValues = RecordValues<BidFields>;

export type PdfBundleRef = {
  id: string;
  file: string;
  file_name: string;
};

/** A row of GET /api/bids/ (and of live 'row' events of the 'bids' list). */
export type BidRow = BidValues & {
  id: string;
  created_at: string | null;
  last_updated: string | null;
  awarded_at: string | null;
  bid_days_away: number | null;
  bid_days_colour: 'red' | 'orange' | null;
  actual_days_away: number | null;
  itemString: string;
  bid_percent_total: number;
  bid_percent_colour: 'red' | 'green' | null;
  pdf_bundle: PdfBundleRef | null;
  version: number;
};

/** GET /api/bids/{id}: the row plus its lines. */
export type BidDetail = BidRow & {
  items: Line[];
  notes: Line[];
  customer_data: Line[];
  files: Line[];
};

export type { WriteAnswer } from '../../../components/record/api/listedRecordWrites';

export const bidStream = (id: string) => `bid-${id}`;
export const bidKey = (id: string) => ['record', bidStream(id)] as const;
export const bidsKey = (archived: boolean) => ['list', 'bids', { archived }] as const;

/** A bid answer as a list row (the detail's lines left out). */
export function rowOf(bid: BidRow & Partial<Pick<BidDetail, 'items' | 'notes' | 'customer_data' | 'files'>>): BidRow {
  const { items: _i, notes: _n, customer_data: _c, files: _f, ...row } = bid;
  return row;
}
