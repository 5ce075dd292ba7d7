/** Settings commands. Singleton records (one per account) are opened once, by the API, with OpenRecord. */
import { z } from 'zod';
import { money, text } from '../shared/fields.ts';
import type { LineCommand } from '../shared/collections.ts';
import type { DocumentKind } from './rules.ts';
import type { Role } from './roles.ts';

export interface AccountUserFields {
  display_name: string;
  email: string;
  active: boolean;
  /** Absent in commands made before roles (they change none). */
  role?: Role;
}

export type OpenRecord = { type: 'OpenRecord'; id: string; key?: string };

export type AccountSettingsCommand =
  | OpenRecord
  | { type: 'ChangeSubscription'; item: string; quantity: unknown }
  | { type: 'CancelAccount'; reason?: string | null }
  | { type: 'ChangeAccountTimeZone'; time_zone: unknown }
  | { type: 'RecordUserAdded'; user: { id: string; display_name: string; email: string; role?: Role } }
  /** `adminsLeft`: the account's active admins other than this user (the API counts them in the write's transaction). */
  | { type: 'RecordUserChanged'; userId: string; before: AccountUserFields; after: AccountUserFields; passwordChanged?: boolean; adminsLeft?: number }
  | { type: 'RecordHistoryAnchor'; anchor: { position: string; hash: string; events: number; streams: number }; mailedTo: string[] }
  | LineCommand;

export type SvaRateSheetCommand =
  | OpenRecord
  | { type: 'ImportSvaCodes'; header: string[]; records: string[][]; fileName: string | null; lineIds: string[] }
  | LineCommand;

export type DocumentCounterCommand =
  | { type: 'OpenRecord'; id: string; key: DocumentKind }
  /** `held`: numbers after the counter's that records hold already (job numbers typed by hand; the command handler finds them), passed by. */
  | { type: 'IssueNumber'; held?: readonly number[] }
  | { type: 'SetCurrentNumber'; number: unknown };

/** What an app reports a user did (spec 2: POST /api/settings/user_app_activities/). */
export const userAppActivityFields = z.object({
  generated_cibe_email: z.union([z.boolean(), z.string().max(20)]).nullable().optional(),
  job_id_text: text(200),
  app_name: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
  function: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200),
  url: text(2000),
  job_number: text(100),
  /** What the app reports, e.g. a CIBE difference: may be negative. */
  amount: money({ credit: true }),
});
export type UserAppActivity = z.infer<typeof userAppActivityFields>;
