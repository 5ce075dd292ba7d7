/** The shapes of the RFQ calls, their cache keys and where an RFQ lives (API and screen). */
import type { Line, RfqFields } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every RFQ field, null when never set (the API always sends the full shape). */
export type RfqValues = RecordValues<RfqFields>;

/** An RFQ as the API answers it (detail and list rows): its fields and the server's figures. */
export type RfqView = RfqValues & {
  id: string;
  version?: number;
  account_rfq_number: string | null;
  job_ref: string | null;
  created_at: string | null;
  last_updated: string | null;
  last_updated_by: string | null;
  pdf_bundle: { id: string; file: string; file_name: string } | null;
  segment_count: number;
  rfq_total: number;
  rfq_total_cost: number;
  rfq_total_feet: number;
  rfq_total_days: number;
  rfq_margin_calculated: number | null;
  rfq_total_per_foot_calc: number | null;
  rfq_total_labor: number;
  rfq_total_materials: number;
  rfq_total_equipment: number;
  rfq_total_transportation: number;
  rfq_total_overhead: number;
  rfq_total_other: number;
  latest_note: string | null;
  rfq_days_left: number | null;
  rfq_days_colour: 'red' | 'orange' | null;
};

export type RfqRow = RfqView;

/** A segment as the detail shows it: its fields, its figures and its estimates (computed cost and price). */
export type RfqSegment = Line & { estimates?: Line[] };

/** GET /api/rfqs/{id}/: the RFQ with its segments, notes and PDF bundle files. */
export type RfqDetail = RfqView & {
  version: number;
  position?: string | number;
  segments: RfqSegment[];
  notes: Line[];
  pdf_bundles: Line[];
};

export const rfqStream = (id: string) => `rfq-${id}`;
export const rfqKey = (id: string) => ['record', rfqStream(id)] as const;
export const rfqUrl = (id: string) => `/api/rfqs/${encodeURIComponent(id)}/`;
/** The RFQ's screen is named by its number (/rfq/{account_rfq_number}); its id while it has none. */
export const rfqPath = (r: { id: string; account_rfq_number?: string | null }) => `/rfq/${encodeURIComponent(r.account_rfq_number || r.id)}`;

export const RFQS_PATH = '/api/rfqs/';
/** Every cached page of the RFQ list (the 'rfqs' room). */
export const RFQS_LIST = 'rfqs';
export const pagedRfqsKey = () => ['paged', RFQS_LIST] as const;
export const searchDatesKey = ['rfqs', 'search_dates'] as const;
