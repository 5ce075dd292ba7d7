/** Job commands. */
import { z } from 'zod';
import type { CountTicketProduction } from './ticket-production.ts';
import type { LineCommand } from '../shared/collections.ts';
import { percent, choice, date, flag, money, ref, text } from '../shared/fields.ts';
import type { BidState } from '../bids/bid.ts';
import { JOB_FORM_TYPES } from './rules.ts';
import { JOB_COLOURS } from '../shared/colours.ts';

/** The job's editable fields (spec 2 section 3 and the fields a bid fills, spec 1 section 3). */
export const jobFields = z.object({
  bid_ref: ref({ record: 'bid' }),
  // The won RFQ the job came from, and its figures: the job's estimate, set against the actual margin.
  rfq_ref: ref({ record: 'rfq' }),
  estimated_total: money(),
  estimated_cost: money(),
  estimated_margin: percent(),
  job_number: text(100),
  account_job_number: text(100),
  po_job_number: text(100),
  form_type: choice(JOB_FORM_TYPES),
  customer: text(200),
  title: text(500),
  work_status: text(100),
  job_summary: text(5000),
  project_number: text(100),
  work_req_num: text(100),
  task_completion: date(),
  coordinator_code: text(50),
  coordinator: text(200),
  coord_phone1: text(50),
  coord_phone2: text(50),
  coordinator_email: text(200),
  ticket_number: text(100),
  description: text(5000),
  start_date: date(),
  completion_date: date(),
  py_po_complete_date: date(),
  billing_due_date: date(),
  permit_expiration_date: date(),
  estimated_crew_payout: money(),
  estimated_payout: money(),
  geo_loc: text(500),
  bid_area: text(200),
  address: text(500),
  city: text(200),
  county: text(200),
  crossroads: text(500),
  summary_description: text(5000),
  colour: choice(JOB_COLOURS),
  /** Free text like work_status: a job offers the lists of its form type (rules.ts listsOfFormType). */
  division: text(100),
  percent_complete: text(20),
  /** ORCA lists (rules.ts ORCA_LISTS): free choices like work_status. */
  work_type: text(100),
  invoice_status: text(100),
  materials_status: text(100),
  permit_status: text(100),
  photo_status: text(100),
  payout_status: text(100),
  email_status: text(100),
  pit_status: text(100),
  mup: text(100),
  pre_approval: text(100),
  archived: flag(),
});
export type JobFields = z.infer<typeof jobFields>;
export const JOB_FIELD_NAMES = Object.keys(jobFields.shape) as (keyof JobFields)[];

/** A change to many CIBE lines at once: the range a user selected. */
export type ChangeCibeLines = {
  type: 'ChangeCibeLines';
  action: 'zero' | 'delete' | 'assign_task';
  ids: string[];
  job_task?: string | null;
};

/**
 * One job of an ORCA CSV import (orca-import.ts): created (an ORCA job, `values` with its account_job_number) when `jobId` has
 * no job yet, else added to; each task and CIBE line comes with the id it takes if it is added.
 */
export type ImportOrcaJob = {
  type: 'ImportOrcaJob';
  jobId: string;
  values: JobFields;
  tasks: { lineId: string; values: Record<string, unknown> }[];
  cibe_lines: { lineId: string; task_id: string | null; values: Record<string, unknown> }[];
};

export type JobCommand =
  | { type: 'CreateJob'; jobId: string; values: JobFields }
  /** One command for the whole conversion, so a job never exists without its items. */
  /** `values` (the job counter's account_job_number) are set over what the bid fills. */
  | { type: 'CreateJobFromBid'; jobId: string; bid: BidState; itemIds: string[]; values?: JobFields }
  | { type: 'ReviseJob'; values: JobFields }
  | { type: 'DeleteJob' }
  | ChangeCibeLines
  | ImportOrcaJob
  | CountTicketProduction
  | LineCommand;
