/** Line numbers kept in order on insert: a job's CIBE lines and permits, a ticket's lines. */
import type { Line } from './collections.ts';

const num = (v: unknown): number | null => (typeof v === 'number' ? v : v == null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);

/**
 * The number a new line takes among the lines of its sheet (a job's own CIBE lines, one task's, a
 * job's permits): the one asked for, or the last + 1. When another line holds the number asked for,
 * the new line is inserted there and that line and every later one move down by one, so numbers stay
 * in order and unique. `field`: where the sheet keeps its numbers.
 */
export function numberNewLine(sheet: readonly Line[], asked: unknown, field = 'line_number'): { line_number: number; moved: { id: string; from: number; to: number }[]; inserted: boolean } {
  const numbers = sheet.map((l) => num(l[field])).filter((n): n is number => n !== null);
  const want = num(asked);
  if (want === null) return { line_number: numbers.length ? Math.floor(Math.max(...numbers)) + 1 : 1, moved: [], inserted: false };
  if (!numbers.includes(want)) return { line_number: want, moved: [], inserted: false };
  const moved = sheet
    .filter((l) => (num(l[field]) ?? -Infinity) >= want)
    .map((l) => ({ id: l.id, from: num(l[field])!, to: num(l[field])! + 1 }));
  return { line_number: want, moved, inserted: true };
}
