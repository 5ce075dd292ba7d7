/** Rules shared by every list and detail screen. */
import { DUE_ORANGE_UNDER, DUE_RED_UNDER } from './choices.ts';
import { daysBetween } from './dates.ts';

/** Days from today to a due date, or null when there is no date. */
export function daysAway(due: string | null | undefined, today: string): number | null {
  return due ? daysBetween(today, due) : null;
}

export type DueColour = 'red' | 'orange' | null;

/** Red under 4 days, orange under 7 (overdue is red); no date, no colour. Locates use 5 and 10. */
export function dueColour(days: number | null | undefined, under: { red: number; orange: number } = { red: DUE_RED_UNDER, orange: DUE_ORANGE_UNDER }): DueColour {
  if (days === null || days === undefined) return null;
  if (days < under.red) return 'red';
  if (days < under.orange) return 'orange';
  return null;
}

/** Zip names carry the date as month-day-year, e.g. 'Bid PDF Bundles 11-22-2026.zip'. */
export function bundleZipName(prefix: string, today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  return `${prefix} PDF Bundles ${m}-${d}-${y}.zip`;
}
