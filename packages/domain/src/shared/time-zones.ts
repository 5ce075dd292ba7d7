/** An account's time zone: an IANA name the runtime's Intl knows (report schedules run in it). */
import { z } from 'zod';

export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name.trim() || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = () => z.string().refine(isTimeZone, 'must be a time zone name such as America/Chicago');


const parts = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = parts.get(timeZone);
  if (!f) parts.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })));
  return f;
}

/** The wall clock in `timeZone` at instant `ms`. */
export function wallClock(ms: number, timeZone: string) {
  const p = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The account's day at instant `at` (YYYY-MM-DD in `timeZone`): what "today" is for its people. */
export function localDate(at: Date, timeZone: string): string {
  const w = wallClock(at.getTime(), timeZone);
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
}
