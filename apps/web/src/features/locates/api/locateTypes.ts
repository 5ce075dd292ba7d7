import type { Line, LocateFields } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every editable locate field, null when never set (the API always sends the full shape). */
export type LocateValues = RecordValues<LocateFields>;

/** A locate as the API answers it everywhere (detail, list rows, a job's locates): its fields and what it computes. */
export type LocateView = LocateValues & {
  id: string;
  version?: number;
  created_at: string | null;
  last_updated: string | null;
  last_updated_by: string | null;
  opened_at: string | null;
  opened_by: string | null;
  /** The ticket numbers, first to current. */
  ticket_chain: string[];
  re_up_count: number;
  segments: string[];
  customer: string | null;
  customer_job_number: string | null;
  crew_string: string;
  latest_note: string | null;
  locate_days_left: number | null;
  locate_days_colour: 'red' | 'orange' | null;
};

/** GET /api/locates/{id}/: the locate with its lines under their detail keys. */
export type LocateDetail = LocateView & {
  version: number;
  position?: string | number;
  locate_numbers: Line[];
  customer_data: Line[];
  crews: Line[];
  notes: Line[];
};

export const locateStream = (id: string) => `locate-${id}`;
export const locateKey = (id: string) => ['record', locateStream(id)] as const;
export const locateUrl = (id: string) => `/api/locates/${encodeURIComponent(id)}/`;
export const locatePath = (id: string) => `/locate/${encodeURIComponent(id)}`;

/** Every query of locates as a job screen shows them (a job's, a task's, the unassigned, the coverage): refreshed on any locate row event. */
export const jobLocatesKey = ['locates', 'on_jobs'] as const;
