/**
 * The sales activities table's pure logic: the rows as edited (saved lines and new ones), which of
 * them one Save sends (PUT /api/sales/sales_activities/), the hours they add up to, and the weekly
 * hours view's weeks. Tested in activitiesLogic.test.ts.
 */
import { addDays, weekStart, type Line } from '@trenchline/domain';

export interface ActivityDraft {
  /** The line's id, or 'new-n' for a row not saved yet. */
  key: string;
  id: string | null;
  version?: number;
  activity_date: string | null;
  activity_type: string;
  hours: string;
  notes: string;
  user: string | null;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The saved activities as rows to edit, oldest first as the server keeps them. */
export const draftsOf = (lines: readonly Line[]): ActivityDraft[] =>
  lines.map((l) => ({
    key: l.id,
    id: l.id,
    version: typeof l.version === 'number' ? l.version : undefined,
    activity_date: typeof l.activity_date === 'string' ? l.activity_date : null,
    activity_type: text(l.activity_type),
    hours: text(l.hours),
    notes: text(l.notes),
    user: typeof l.user === 'string' ? l.user : null,
  }));

/** A new row dated `day`, its hours to fill in. */
export const blankActivity = (n: number, day: string): ActivityDraft => ({ key: `new-${n}`, id: null, activity_date: day, activity_type: '', hours: '', notes: '', user: null });

const FIELDS = ['activity_date', 'activity_type', 'hours', 'notes'] as const;
const sameAs = (d: ActivityDraft, saved: ActivityDraft | undefined) => saved !== undefined && FIELDS.every((f) => text(d[f]) === text(saved[f]));
const blank = (d: ActivityDraft) => !d.activity_type && !d.hours.trim() && !d.notes.trim();
/** Hours as typed: a number the server can check ('1.5'), blank as none; anything else is sent as typed for the server to name. */
const hoursOf = (h: string) => (h.trim() === '' ? null : Number.isFinite(Number(h)) ? Number(h) : h);

/**
 * What one Save sends: each new row with something in it, and each saved row the user changed (with
 * its version, so someone else's change to the same field is refused, not overwritten). Unchanged rows are not sent.
 */
export function activitiesToSave(organizationId: string, drafts: readonly ActivityDraft[], saved: readonly Line[]): Record<string, unknown>[] {
  const before = new Map(draftsOf(saved).map((d) => [d.key, d]));
  return drafts
    .filter((d) => (d.id ? !sameAs(d, before.get(d.key)) : !blank(d)))
    .map((d) => ({
      organization: organizationId,
      ...(d.id ? { id: d.id, version: d.version } : {}),
      activity_date: d.activity_date || null,
      activity_type: d.activity_type || null,
      hours: hoursOf(d.hours),
      notes: d.notes.trim() || null,
    }));
}

/** The hours of the rows as edited, to two decimals (a row whose hours are not a number counts none). */
export const totalHours = (drafts: readonly ActivityDraft[]) => Math.round(drafts.reduce((s, d) => s + (Number(d.hours) || 0), 0) * 100) / 100;

/** The Monday of the week `n` weeks from the one holding `day` (n = -1 the week before). */
export const shiftWeek = (day: string, n: number) => addDays(weekStart(day), 7 * n);

/** A day's column heading: 'Mon 11/23'. */
export function dayHeading(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const name = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  return `${name} ${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

/** Each day's hours over every user, and the week's. */
export function dayTotals(users: readonly { days: number[]; total: number }[]): { days: number[]; total: number } {
  const days = Array.from({ length: 7 }, (_, i) => Math.round(users.reduce((s, u) => s + (u.days[i] ?? 0), 0) * 100) / 100);
  return { days, total: Math.round(users.reduce((s, u) => s + u.total, 0) * 100) / 100 };
}
