/**
 * Sales tracker rules of spec 3 (sections 4, 8 and 9; docs/sales.md): the organisation's lists, the
 * lead sources (three e-mail sources and 811), the words a save says, line numbers in order, and the
 * weekly hours of sales activities per user.
 */
import type { Line } from '../shared/collections.ts';
import { addDays } from '../shared/dates.ts';
import { JOB_COLOURS, jobColourBackground } from '../shared/colours.ts';

export const SALES_TYPES = ['Lead', 'Contact', 'Subscriber', 'Not Interested', 'Have a solution', 'Unable to Contact'] as const;
export const SALES_ADOPTION = ['1 Initial', '2 Users created', '3 Trained/AI validated', '4 Job board live'] as const;
export const SALES_STATUSES = ['New', 'Interested', 'Needs another Call', 'Ready to demo', 'Now an Account', 'Not interested LT F/U', 'Not Interested: no followup'] as const;
/** The spec names three e-mail sources and 811 without their names: these are ours. */
export const LEAD_SOURCES = ['Email: Website form', 'Email: Newsletter reply', 'Email: Referral', '811'] as const;
export const SCRUB_REASONS = ['Out of Business', 'Phone Number Out', 'Changed Business Line', 'Lost the contract'] as const;
export const SALES_COLOURS = JOB_COLOURS;
export const salesColourBackground = jobColourBackground;
export const NEW_SALES_STATUS = 'New';
export const NEW_SALES_TYPE = 'Lead';
export const ACTIVITY_TYPES = ['Call', 'E-mail', 'Meeting', 'Demo', 'Research', 'Travel', 'Other'] as const;

/**
 * The organisation's type under the spec's name `type` (spec 3 section 3) or the code's `org_type`; answers
 * carry both. Which value a body gives for it: one sent alone; both sent and equal, that; both sent and
 * different (a client that PUTs back what it was answered, having edited one of them), the one that
 * differs from the type its author saw (`seen`: the record's at the version the client sent, else as it
 * stands) is the user's edit; when both or neither do, and on create, `type` (the spec's client edits the
 * spec's name). Undefined: the body sends neither.
 */
export function orgTypeSent(body: { org_type?: unknown; type?: unknown }, seen?: unknown): unknown {
  const has = (k: 'org_type' | 'type') => k in body && body[k] !== undefined;
  if (!has('type')) return body.org_type;
  if (!has('org_type')) return body.type;
  const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');
  if (same(body.type, body.org_type)) return body.type;
  return !same(body.org_type, seen) && same(body.type, seen) ? body.org_type : body.type;
}

/** Spec 3 section 8's words: '{Kind} successfully saved!' per sub-record, and the activities'. */
export const SALES_MESSAGES = {
  saved: (kind: 'Location' | 'Survey' | 'Contact' | 'Email' | 'Phonecall' | 'Meeting') => `${kind} successfully saved!`,
  activities: 'Good work! Activities successfully saved!',
  saveFailed: 'Issue detected: Probably the server, but please check for problem data.',
} as const;

/** A contact's name as shown: its name, else first and last name. */
export const contactName = (c: Line) => (typeof c.name === 'string' && c.name.trim() ? c.name.trim() : [c.first_name, c.last_name].filter((v) => typeof v === 'string' && v.trim()).join(' ')) || null;

/** The Monday of the week a day falls in (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return addDays(day, -back);
}

/** One user's hours on each day of a week, and the week's total. */
export interface WeekOfHours {
  user: string;
  days: number[];
  total: number;
}

/** The hours each user logged on each day of the week starting `monday` (Monday to Sunday), in hundredths. */
export function weeklyHours(activities: readonly { user: string | null; activity_date: string | null; hours: unknown }[], monday: string): { week: string; days: string[]; users: WeekOfHours[] } {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const byUser = new Map<string, number[]>();
  for (const a of activities) {
    const i = a.activity_date ? days.indexOf(a.activity_date) : -1;
    const h = Number(a.hours);
    if (i < 0 || !Number.isFinite(h)) continue;
    const user = a.user ?? 'Unknown';
    if (!byUser.has(user)) byUser.set(user, Array(7).fill(0));
    byUser.get(user)![i] += Math.round(h * 100);
  }
  const users = [...byUser.entries()]
    .map(([user, hundredths]) => ({ user, days: hundredths.map((h) => h / 100), total: hundredths.reduce((s, h) => s + h, 0) / 100 }))
    .sort((a, b) => a.user.localeCompare(b.user));
  return { week: monday, days, users };
}
