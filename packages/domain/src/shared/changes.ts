/** Field-by-field changes, the payload of every `<Record>Revised` event. */
export type Changes = Record<string, { old: unknown; new: unknown }>;

/** Nothing, as a client may send it: a field left empty comes back as null or as ''. */
export const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** Two values of a field are the same when equal, or both empty. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Changes needed to take `current` to `next`, looking only at the keys present in `next`. */
export function diff(current: Record<string, unknown>, next: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [k, v] of Object.entries(next)) {
    if (v === undefined) continue;
    const old = current[k] ?? null;
    if (!same(old, v)) changes[k] = { old, new: v };
  }
  return changes;
}

export function applyChanges<T extends Record<string, unknown>>(record: T, changes: Changes): T {
  const out: Record<string, unknown> = { ...record };
  for (const [k, c] of Object.entries(changes)) out[k] = c.new;
  return out as T;
}

export const hasChanges = (c: Changes) => Object.keys(c).length > 0;
