/** Locate commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, choiceById, date, decimal, flag, ref, text } from '../shared/fields.ts';
import { formTypesFor } from '../settings/rules.ts';
import { CURRENT_TICKET_TYPES, LOCATE_STATUSES, TICKET_LIFE_BASES, type LocateRules } from './rules.ts';

const LOCATE_FORM_TYPES = formTypesFor('locate').map((f) => f.name) as [string, ...string[]];

/** Every editable field of a locate (spec 3 section 3; spec 2: as seen from job screens). */
export const locateFields = z.object({
  form_type: choice(LOCATE_FORM_TYPES),
  locate_status: choice(LOCATE_STATUSES),
  current_ticket_type: choice(CURRENT_TICKET_TYPES),
  current_ticket_number: text(100),
  current_alt_ticket_number: text(100),
  current_date_submitted: date(),
  current_work_date: date(),
  current_date_expiration: date(),
  archived: flag(),
  // The job and the ORCA task it is for (PUT /api/locates/{id}/ assigns it); the API checks the task is the job's.
  job_ref: ref({ record: 'job' }),
  job_task_ref: ref({ line: 'job_tasks' }),
  task_id: text(50),
  account_job_number: text(50),
});
export type LocateFields = z.infer<typeof locateFields>;
export const LOCATE_FIELD_NAMES = Object.keys(locateFields.shape) as (keyof LocateFields)[];

/** A re-up's values: the new ticket (its dates default by the account's rules). */
export const reUpFields = z.object({
  segment: text(50),
  ticket_number: text(100),
  alt_ticket_number: text(100),
  ticket_type: choice(CURRENT_TICKET_TYPES),
  date_submitted: date(),
  work_date: date(),
  date_expiration: date(),
  remarks: text(2000),
});
export type ReUpFields = z.infer<typeof reUpFields>;

const days = (max: number) => decimal({ min: 0, max, decimals: 0 });

/** The account's locate rules as Settings edits them; the holidays are lines (locate_holidays). */
export const locateSettingsFields = z.object({
  ticket_life_days: days(120).refine((n) => n === undefined || n === null || n >= 1, 'must be a number from 1 to 120'),
  ticket_life_basis: choiceById(TICKET_LIFE_BASES),
  work_wait_days: days(30),
  reup_lead_days: days(30),
});
export type LocateSettingsFields = z.infer<typeof locateSettingsFields>;

/** Commands that fill dates carry the account's rules (read by the API or worker from Settings), so the decider stays pure. */
type WithRules = { rules?: LocateRules };

export type LocateCommand =
  | ({ type: 'CreateLocate'; locateId: string; values: LocateFields } & WithRules)
  | ({ type: 'ReviseLocate'; values: LocateFields } & WithRules)
  | { type: 'DeleteLocate' }
  /**
   * A re-up: the new ticket, recorded in the history and copied into the current fields. `base`: the
   * locate's version its author saw, the ticket the re-up replaces (If-Match, else the locate as the
   * request first read it); a re-up since then refuses it. `lineIds`: two, ascending, handed out after
   * that read: the original ticket's (when the history has none yet) and the new one's.
   */
  | { type: 'ReUpLocate'; values: ReUpFields; base: number; lineIds: [string, string]; today: string; rules: LocateRules }
  /** The detail's first open: a New ticket type becomes Normal. */
  | { type: 'OpenLocate' }
  | LineCommand;

export type LocateSettingsCommand =
  | { type: 'OpenRecord'; id: string; values?: LocateSettingsFields }
  | { type: 'ReviseLocateSettings'; values: LocateSettingsFields }
  | { type: 'DeleteLocateSettings' }
  | LineCommand;
