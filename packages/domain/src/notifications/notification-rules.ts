/**
 * The account's notification rules (Settings > Notifications): how many days ahead a locate, a permit
 * and a ticket's approval warn. One record per account with history, opened on first use with the defaults.
 */
import { type Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import { type NotificationRulesCommand, type NotificationRulesFields, notificationRulesFields } from './commands.ts';
import type { NotificationRulesEvent } from './events.ts';

export type NotificationRulesState = RecordState<NotificationRulesFields>;

export interface NotificationRules {
  /** A locate on planned work warns this many working days (the account's ticket-life basis) before it expires. */
  locate_working_days: number;
  /** A permit warns this many days before its expiration date. */
  permit_days: number;
  /** A ticket warns once it has waited more than this many days for approval. */
  ticket_approval_days: number;
}

export const DEFAULT_NOTIFICATION_RULES: NotificationRules = { locate_working_days: 2, permit_days: 7, ticket_approval_days: 3 };

export const notificationRulesDecider: Decider<NotificationRulesState, NotificationRulesCommand, NotificationRulesEvent> = recordDecider<NotificationRulesState, NotificationRulesCommand, NotificationRulesEvent>({
  aggregate: 'notification_rules',
  label: 'Notification rules',
  collections: [],
  // Opened on first use (a one-per-account record); never deleted.
  commands: { create: 'OpenRecord', revise: 'ReviseNotificationRules', delete: 'DeleteNotificationRules' },
  idField: 'id',
  events: { created: 'NotificationRulesOpened', revised: 'NotificationRulesRevised', deleted: 'NotificationRulesDeleted' },
  created: (values) => notificationRulesFields.parse({ ...DEFAULT_NOTIFICATION_RULES, ...values }),
  // A value sent empty goes back to its default rather than leaving the kind without one.
  revised: (values) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? DEFAULT_NOTIFICATION_RULES[k as keyof NotificationRules] : v])),
});

/** The rules the scan applies, from the account's record (the defaults before any edit, or with none). */
export function notificationRulesOf(state: Pick<NotificationRulesState, 'fields'> | null | undefined): NotificationRules {
  const f = (state?.fields ?? {}) as Partial<NotificationRulesFields>;
  const n = (k: keyof NotificationRules) => (f[k] === null || f[k] === undefined ? DEFAULT_NOTIFICATION_RULES[k] : Number(f[k]));
  return { locate_working_days: n('locate_working_days'), permit_days: n('permit_days'), ticket_approval_days: n('ticket_approval_days') };
}

/** The rules as Settings shows them. */
export function notificationRulesView(state: NotificationRulesState) {
  return { id: state.id!, ...notificationRulesOf(state), last_updated: state.last_updated, last_updated_by: state.last_updated_by ?? null };
}
