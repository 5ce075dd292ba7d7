/**
 * Pure helpers of the routine screen: optimistic blank rows and their replacement by the server's
 * record, the nested sets and tasks of a routine or do-routine in a cache, what a save sends, and the
 * lists' order and filter. Unit-tested in logic.test.ts.
 */
import { matchesText } from '../../lib/listLogic';

/** Where a record keeps its sets and each set its tasks. */
export interface Shape {
  sets: 'routine_sets' | 'do_routine_sets';
  tasks: 'set_tasks' | 'do_set_tasks';
}
export const ROUTINE_SHAPE: Shape = { sets: 'routine_sets', tasks: 'set_tasks' };
export const DO_ROUTINE_SHAPE: Shape = { sets: 'do_routine_sets', tasks: 'do_set_tasks' };

type Row = { id: string };
type NestedRow = { id: string } & Record<string, unknown>;
type Nested = Record<string, unknown>;

let seq = 0;
/** An id for an optimistic row, never a server id (those are digits). */
export const tempId = () => `new-${++seq}`;
export const isTemp = (id: string) => id.startsWith('new-');

/**
 * What a save sends (spec 1 section 5): the record less created_date and last_updated, and less what
 * the server keeps for itself (its id, version, computed and nested fields).
 */
export function forSave(record: Record<string, unknown>, keep: readonly string[]): Record<string, unknown> {
  const { created_date: _c, last_updated: _l, ...rest } = record;
  return Object.fromEntries(Object.entries(rest).filter(([k]) => keep.includes(k)));
}

/** Replace the optimistic row by the server's record; if a live event brought it first, keep one copy. */
export function replaceTemp<T extends Row>(rows: T[] | undefined, temp: string, row: T): T[] {
  const list = rows ?? [];
  if (list.some((r) => r.id === row.id)) return list.filter((r) => r.id !== temp).map((r) => (r.id === row.id ? { ...r, ...row } : r));
  return list.some((r) => r.id === temp) ? list.map((r) => (r.id === temp ? row : r)) : [row, ...list];
}

export const removeRow = <T extends Row>(rows: T[] | undefined, id: string): T[] => (rows ?? []).filter((r) => r.id !== id);

const byIdDesc = (a: Row, b: Row) => {
  if (isTemp(a.id) !== isTemp(b.id)) return isTemp(a.id) ? -1 : 1;
  if (isTemp(a.id)) return 0;
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x === y ? 0 : x > y ? -1 : 1;
};

/** Routines: new (optimistic) rows first, then newest first. */
export const sortRoutines = <T extends Row>(rows: T[]): T[] => rows.slice().sort(byIdDesc);

/** Do-routines: new rows first, then soonest due (none last), then newest. */
export function sortDoRoutines<T extends Row & { due_date?: unknown }>(rows: T[]): T[] {
  return rows.slice().sort((a, b) => {
    if (isTemp(a.id) || isTemp(b.id)) return byIdDesc(a, b);
    const da = (a.due_date as string | null | undefined) ?? null;
    const dbb = (b.due_date as string | null | undefined) ?? null;
    if (da !== dbb) {
      if (da === null) return 1;
      if (dbb === null) return -1;
      return da < dbb ? -1 : 1;
    }
    return byIdDesc(a, b);
  });
}

/** Rows whose fields hold every word of the filter (case ignored); optimistic rows always show. */
export function filterRows<T extends Row>(rows: T[], text: string, fields: readonly string[]): T[] {
  if (!text.trim()) return rows;
  const only = (r: T) => Object.fromEntries(fields.map((f) => [f, (r as unknown as Record<string, unknown>)[f]]));
  return rows.filter((r) => isTemp(r.id) || matchesText(only(r), text));
}

// ---- the nested sets and tasks of one record in a cache -------------------------------------------

const setsOf = (d: Nested, s: Shape) => (d[s.sets] as NestedRow[] | undefined) ?? [];
const tasksOf = (set: NestedRow, s: Shape) => (set[s.tasks] as NestedRow[] | undefined) ?? [];

export function addSet<T extends Nested>(d: T, s: Shape, row: NestedRow): T {
  return { ...d, [s.sets]: [...setsOf(d, s), { ...row, [s.tasks]: [] }] };
}

/** A set's fields replaced by the server's (its tasks stay); a temp id becomes the real one. */
export function replaceSet<T extends Nested>(d: T, s: Shape, id: string, row: NestedRow): T {
  return { ...d, [s.sets]: setsOf(d, s).map((x) => (x.id === id ? { ...x, ...row, [s.tasks]: tasksOf(x, s) } : x)) };
}

export function removeSet<T extends Nested>(d: T, s: Shape, id: string): T {
  return { ...d, [s.sets]: setsOf(d, s).filter((x) => x.id !== id) };
}

export function addTask<T extends Nested>(d: T, s: Shape, setId: string, row: NestedRow): T {
  return { ...d, [s.sets]: setsOf(d, s).map((x) => (x.id === setId ? { ...x, [s.tasks]: [...tasksOf(x, s), row] } : x)) };
}

export function replaceTask<T extends Nested>(d: T, s: Shape, id: string, row: Partial<NestedRow>): T {
  return { ...d, [s.sets]: setsOf(d, s).map((x) => ({ ...x, [s.tasks]: tasksOf(x, s).map((t) => (t.id === id ? { ...t, ...row } : t)) })) };
}

export function removeTask<T extends Nested>(d: T, s: Shape, id: string): T {
  return { ...d, [s.sets]: setsOf(d, s).map((x) => ({ ...x, [s.tasks]: tasksOf(x, s).filter((t) => t.id !== id) })) };
}

/** '3 / 7' and the percentage a progress bar shows. */
export function progressOf(done: number, total: number): { label: string; percent: number } {
  return { label: `${done} / ${total}`, percent: total ? Math.round((done / total) * 100) : 0 };
}
