import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobFields, Line } from '@trenchline/domain';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';

/** Every job field, null when never set (the API always sends the full shape). */
export type JobValues = { [K in keyof JobFields]-?: NonNullable<JobFields[K]> | null };

/** A segment's totals from its productions (computed by the API, named as on the segment line). */
export interface SegmentRollup {
  id: string;
  number?: number | null;
  segment_number: string | null;
  work_status: string | null;
  feet: number | null;
  plan_days: number | null;
  segment_total_feet: number;
  segment_total_days: number;
  production_payouts: number;
  percent_complete: number | null;
  percent_days_used?: number | null;
  percent_labor_used?: number | null;
}

/** GET /api/jobs/{id}/: the job's fields, what the API computes on every read, and its lines (under their detail keys, sections.ts jobLines). */
export type JobDetail = JobValues & {
  id: string;
  version: number;
  position?: string | number;
  created_at: string | null;
  last_updated: string | null;
  job_days_left: number | null;
  job_days_colour: 'red' | 'orange' | null;
  /** A job made from an RFQ: its RFQ's margin, what invoiced leaves after payouts (null before any invoice), and the points between. */
  margin_estimated?: number | null;
  margin_actual?: number | null;
  margin_difference?: number | null;
  permit_days_left: number | null;
  colour_background: string | null;
  crew_string: string;
  pdf_bundle: { id: string; file: string; file_name: string } | null;
  total_po_item_amounts: number;
  total_change_orders: number;
  total_job: number;
  total_job_invoiced_actual: number;
  total_crew_payouts: number;
  total_payouts: number;
  payout_pct_of_total: number | null;
  total_gross_profit: number;
  job_operations_gross_profit: number;
  segment_rollups: SegmentRollup[];
  /** The segments' planned feet, and the feet and days every production made. */
  segment_plan_feet: number;
  segment_total_feet: number;
  segment_total_days: number;
  segment_percent_complete: number | null;
  as_of?: string;
};

/** Kept for older callers: a job with at least its id. */
export type Job = Record<string, unknown> & { id: string; items?: Line[]; version?: number };

export const jobStream = (id: string) => `job-${id}`;
export const jobKey = (id: string) => ['record', jobStream(id)] as const;
export const jobUrl = (id: string) => `/api/jobs/${encodeURIComponent(id)}/`;

/** The job with its lines. */
export const fetchJob = (id: string, signal?: AbortSignal) => http.get<JobDetail>(jobUrl(id), { signal });

export const jobQuery = (id: string) => queryOptions({ queryKey: jobKey(id), queryFn: ({ signal }) => fetchJob(id, signal) });

export const useJob = (id: string | null) => useQuery({ ...jobQuery(id ?? ''), enabled: Boolean(id) });

/** The job's history and its past (as of an instant). */
export const jobRecord = (id: string) => streamRecord(jobUrl(id), jobStream(id));
