/**
 * What a notification is (docs/notifications.md): its kinds, the channels a user picks per kind, and
 * each kind's words and link, worded from the condition's record. Pure: the worker decides when.
 */
import { z } from 'zod';
import { shownDate } from '../shared/dates.ts';

export const NOTIFICATION_KINDS = ['locate_expiring', 'permit_expiring', 'ticket_awaiting_approval', 'invoice_disapproved', 'help_answered', 'report_finished', 'bulk_finished'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** In the app only, in the daily digest mail too, mailed at once too, or not at all. */
export const NOTIFICATION_CHANNELS = ['app', 'digest', 'email', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const DEFAULT_CHANNEL: NotificationChannel = 'app';

/** The words of each kind, for the preferences panel. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  locate_expiring: 'A locate on planned work expiring',
  permit_expiring: 'A permit expiring',
  ticket_awaiting_approval: 'A ticket waiting for approval',
  invoice_disapproved: 'An ORCA invoice disapproved',
  help_answered: 'My help ticket answered',
  report_finished: 'My report finished or failed',
  bulk_finished: 'My bulk action finished or failed',
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = { app: 'In the app', digest: 'Daily digest', email: 'E-mail at once', off: 'Off' };

/** Kinds that are facts rather than states: once told they stay, and the scan never clears them. */
export const LASTING_KINDS: readonly NotificationKind[] = ['report_finished', 'bulk_finished'];

export type NotificationPreferences = Record<NotificationKind, NotificationChannel>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, DEFAULT_CHANNEL])) as NotificationPreferences;

/** A PUT of preferences: any of the kinds, each a channel; an unknown kind or channel is refused naming it. */
export const notificationPreferencesFields = z
  .record(z.string(), z.unknown())
  .superRefine((given, ctx) => {
    for (const [kind, channel] of Object.entries(given)) {
      if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) ctx.addIssue({ code: 'custom', path: [kind], message: `is no kind of notification (${NOTIFICATION_KINDS.join(', ')})` });
      else if (!(NOTIFICATION_CHANNELS as readonly unknown[]).includes(channel)) ctx.addIssue({ code: 'custom', path: [kind], message: `must be one of ${NOTIFICATION_CHANNELS.join(', ')}` });
    }
  })
  .transform((given) => given as Partial<NotificationPreferences>);

/** The record a notification is about: what its link opens and its number names. */
export interface NotifiedRecord {
  aggregate: string;
  id: string;
  number: string | null;
}

/** What the scan found for one kind, before it is worded: the record and the facts its words need. */
export type NotificationFacts =
  | { kind: 'locate_expiring'; expiration: string; jobNumber: string | null; daysLeft: number }
  | { kind: 'permit_expiring'; expiration: string; jobNumber: string | null; task: string | null; daysLeft: number }
  | { kind: 'ticket_awaiting_approval'; status: string; since: string; days: number }
  | { kind: 'invoice_disapproved'; jobNumber: string | null; task: string | null }
  | { kind: 'help_answered'; subject: string | null }
  | { kind: 'report_finished'; label: string; failed: boolean; error: string | null }
  | { kind: 'bulk_finished'; label: string; failed: boolean; message: string | null };

/** Days left in words: 'expired 2 days ago', 'expires today', 'expires in 1 day'. */
function whenExpiring(days: number, date: string): string {
  const on = shownDate(date);
  if (days < 0) return `expired ${on}`;
  if (days === 0) return `expires today (${on})`;
  return `expires ${on}, in ${days} day${days === 1 ? '' : 's'}`;
}

/** The page a record opens on (the web's routes): a report focused on the Reports page, a bulk action there too. */
const PAGES: Record<string, (id: string) => string> = {
  locate: (id) => `/locate/${id}`,
  job: (id) => `/job/${id}`,
  ticket: (id) => `/ticket/${id}`,
  help_ticket: (id) => `/help/${id}`,
  report: (id) => `/report/?id=${id}`,
  bulk_operation: () => '/report/',
};
export const notificationLink = (r: NotifiedRecord) => PAGES[r.aggregate]?.(r.id) ?? '/';

/** A notification's title and body, from its kind's facts and record. */
export function notificationWords(r: NotifiedRecord, f: NotificationFacts): { title: string; body: string } {
  const job = (n: string | null) => (n ? ` on job ${n}` : '');
  switch (f.kind) {
    case 'locate_expiring':
      return { title: `Locate ${r.number ?? r.id} ${f.daysLeft < 0 ? 'expired' : 'expiring'}`, body: `The locate${job(f.jobNumber)} ${whenExpiring(f.daysLeft, f.expiration)}, and work is planned there. Re-up it.` };
    case 'permit_expiring':
      return { title: `Permit${f.task ? ` of task ${f.task}` : ''}${job(f.jobNumber)} ${f.daysLeft < 0 ? 'expired' : 'expiring'}`, body: `The permit ${whenExpiring(f.daysLeft, f.expiration)}.` };
    case 'ticket_awaiting_approval':
      return { title: `Ticket ${r.number ?? r.id} waiting for approval`, body: `${f.status} since ${shownDate(f.since)}: ${f.days} days without approval.` };
    case 'invoice_disapproved':
      return { title: `Invoice ${r.number ?? r.id} disapproved`, body: `The ORCA invoice${f.task ? ` of task ${f.task}` : ''}${job(f.jobNumber)} was turned Disapproved.` };
    case 'help_answered':
      return { title: `Your help ticket was answered`, body: `${f.subject ? `"${f.subject}"` : `Help ticket ${r.id}`} awaits your response.` };
    case 'report_finished':
      return f.failed
        ? { title: `Report failed: ${f.label}`, body: f.error ? `It could not be made: ${f.error}` : 'It could not be made.' }
        : { title: `Report finished: ${f.label}`, body: 'Your report is ready to download.' };
    case 'bulk_finished':
      return f.failed
        ? { title: `Bulk action failed: ${f.label}`, body: f.message ?? 'It stopped before the end.' }
        : { title: `Bulk action finished: ${f.label}`, body: f.message ?? 'Every record was done.' };
  }
}
