/**
 * When a report schedule runs: a rhythm (every day, a weekday or a day of the month, at a wall-clock
 * time) in the account's time zone. Pure: the instant to count from is given, and time zones come
 * from the runtime's Intl (IANA data), so a DST change keeps the local time and no date library is needed.
 */
import { z } from 'zod';
import { wallClock } from '../shared/time-zones.ts';

export const RHYTHMS = ['day', 'week', 'month'] as const;
export type RhythmEvery = (typeof RHYTHMS)[number];

export interface Rhythm {
  every: RhythmEvery;
  /** 0 Sunday .. 6 Saturday (a weekly rhythm). */
  weekday?: number | null;
  /** 1..31; past a short month's end, its last day (a monthly rhythm). */
  month_day?: number | null;
  /** 'HH:MM', 24-hour, local. */
  at: string;
}

/** A whole number sent as a number or as text (the spec's client sends numbers as text). */
const wholeIn = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? null : v), z.number({ message: `must be a whole number ${min}-${max}` }).int(`must be a whole number ${min}-${max}`).min(min, `must be ${min}-${max}`).max(max, `must be ${min}-${max}`).nullable().optional());

export const rhythmSchema = z
  .object({
    every: z.enum(RHYTHMS, { message: `must be one of ${RHYTHMS.join(', ')}` }),
    weekday: wholeIn(0, 6),
    month_day: wholeIn(1, 31),
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (00:00-23:59)'),
  })
  .superRefine((r, ctx) => {
    if (r.every === 'week' && (r.weekday === undefined || r.weekday === null)) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'is required for a weekly schedule' });
    if (r.every === 'month' && (r.month_day === undefined || r.month_day === null)) ctx.addIssue({ code: 'custom', path: ['month_day'], message: 'is required for a monthly schedule' });
  })
  // Keys in the order Postgres' jsonb keeps them (shortest first), so a rhythm sent back as it was stored compares equal.
  .transform((r): Rhythm => ({ at: r.at, every: r.every, weekday: r.every === 'week' ? r.weekday! : null, month_day: r.every === 'month' ? r.month_day! : null }));

/** How far `timeZone` is ahead of UTC at instant `ms`, in ms. */
function offsetAt(ms: number, timeZone: string) {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a local wall time names in `timeZone`. In a spring-forward gap (02:30 that never
 * happens) it is the same moment an hour on (03:30); in the fall's doubled hour, the first.
 */
export function localToInstant(y: number, m: number, d: number, h: number, min: number, timeZone: string): number {
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  // The earlier of two readings that both show the wall time (the fall's doubled hour).
  const shows = (t: number) => { const w = wallClock(t, timeZone); return w.h === h && w.min === min && w.d === d; };
  if (shows(first) && shows(second)) return Math.min(first, second);
  return shows(second) ? second : first;
}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Whether the rhythm runs on this local date. */
function runsOn(r: Rhythm, y: number, m: number, d: number) {
  if (r.every === 'day') return true;
  if (r.every === 'week') return new Date(Date.UTC(y, m - 1, d)).getUTCDay() === r.weekday;
  return d === Math.min(r.month_day ?? 1, daysIn(y, m));
}

/** The first instant after `after` the rhythm runs at, as ISO: the same local time whatever the UTC offset that day. */
export function nextRunAt(r: Rhythm, timeZone: string, after: Date | string): string {
  const from = new Date(after).getTime();
  const [h, min] = r.at.split(':').map(Number);
  const start = wallClock(from, timeZone);
  // Local dates from the day of `after` on; a monthly rhythm is found within 62 days.
  for (let i = 0; i < 400; i++) {
    const day = new Date(Date.UTC(start.y, start.m - 1, start.d + i));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (!runsOn(r, y, m, d)) continue;
    const t = localToInstant(y, m, d, h, min, timeZone);
    if (t > from) return new Date(t).toISOString();
  }
  throw new Error('no next run within 400 days');
}

/** The latest instant at or before `at` the rhythm ran at (the tick a late worker claims, once). */
export function latestRunAt(r: Rhythm, timeZone: string, at: Date | string): string {
  const until = new Date(at).getTime();
  const [h, min] = r.at.split(':').map(Number);
  const end = wallClock(until, timeZone);
  for (let i = 0; i < 400; i++) {
    const day = new Date(Date.UTC(end.y, end.m - 1, end.d - i));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (!runsOn(r, y, m, d)) continue;
    const t = localToInstant(y, m, d, h, min, timeZone);
    if (t <= until) return new Date(t).toISOString();
  }
  throw new Error('no run within 400 days before');
}

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** The rhythm in words: 'Mondays at 07:00 (America/Chicago)'. */
export function rhythmWords(r: Rhythm, timeZone: string): string {
  const when = r.every === 'day' ? 'Every day' : r.every === 'week' ? WEEKDAYS[r.weekday ?? 0] : `Monthly on the ${ordinal(r.month_day ?? 1)}${(r.month_day ?? 1) > 28 ? ' (or the month\'s last day)' : ''}`;
  return `${when} at ${r.at} (${timeZone})`;
}

/** An instant in words on the account's clock: 'Monday, November 23, 2026 at 7:00 AM (America/Chicago)'. */
export function instantWords(at: Date | string, timeZone: string): string {
  const words = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(at));
  return `${words.replace(/\u202f/g, ' ')} (${timeZone})`;
}
