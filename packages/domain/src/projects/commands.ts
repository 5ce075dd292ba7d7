/** Project commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choiceById, date, flag, money, text } from '../shared/fields.ts';
import { listRangeAndToggles } from '../shared/list-preferences.ts';
import { PROJECT_COLOURS, PROJECT_STATUSES, WORK_TYPES } from './rules.ts';

/** Every editable field of a project (spec 1 shows few; docs/projects.md says which were chosen and why). */
export const projectFields = z.object({
  name: text(200),
  customer: text(200),
  description: text(5000),
  status: choiceById(PROJECT_STATUSES),
  colour: choiceById(PROJECT_COLOURS),
  work_type: choiceById(WORK_TYPES),
  start_date: date(),
  due_date: date(),
  po_number: text(100),
  po_date: date(),
  po_amount: money(),
  address: text(500),
  city: text(200),
  county: text(200),
  state: text(100),
  zip: text(20),
  archived: flag(),
});
export type ProjectFields = z.infer<typeof projectFields>;
export const PROJECT_FIELD_NAMES = Object.keys(projectFields.shape) as (keyof ProjectFields)[];

/** The user's project-list preferences (spec 1 section 3), kept per user. */
export const projectListPreferences = z.object(listRangeAndToggles);
export type ProjectListPreferences = z.infer<typeof projectListPreferences>;
export const DEFAULT_PROJECT_LIST_PREFERENCES = { start_date: null, end_date: null, active: true, archived: false, live_and_future: false, public_mode: false };

export type ProjectCommand =
  | { type: 'CreateProject'; projectId: string; values: ProjectFields }
  | { type: 'ReviseProject'; values: ProjectFields }
  | { type: 'DeleteProject' }
  /** Line commands; adding a 'pdf_bundle' file replaces the project's previous bundle. */
  | LineCommand;
