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

