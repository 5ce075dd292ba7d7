/** The account's notification rules (Settings > Notifications): how far ahead each kind warns. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { decimal } from '../shared/fields.ts';

const days = (min: number, max: number) => decimal({ min, max, decimals: 0 });

/** N per kind: a locate's working days (in the account's ticket-life basis), a permit's days, a ticket's days waiting. */
export const notificationRulesFields = z.object({
  locate_working_days: days(0, 30),
  permit_days: days(0, 120),
  ticket_approval_days: days(0, 120),
});
export type NotificationRulesFields = z.infer<typeof notificationRulesFields>;

export type NotificationRulesCommand =
  | { type: 'OpenRecord'; id: string; values?: NotificationRulesFields }
  | { type: 'ReviseNotificationRules'; values: NotificationRulesFields }
  | { type: 'DeleteNotificationRules' }
  | LineCommand;
