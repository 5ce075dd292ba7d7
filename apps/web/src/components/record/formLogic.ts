/**
 * A record form's pure logic, declared once for every area (bids, projects): its values, which
 * fields the user changed, and how unsaved edits survive a newer version of the record (someone
 * else's save, or this user's own line added): the user's changed fields are laid over the newer
 * values, and fields both changed are named so nothing is lost silently.
 */
export type Values = Record<string, unknown>;

/** The form's fields with blank text as null. */
export function blankAsNull<V extends Values>(draft: V): V {
  const out: Values = { ...draft };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string' && v.trim() === '') out[k] = null;
  return out as V;
}

/** What a record page's save sends: the form's fields, blank text as null, archived a flag. */
export function recordPayload<V extends Values>(draft: V): V {
  return { ...blankAsNull(draft), archived: Boolean(draft.archived) };
}

const norm = (v: unknown) => (v === '' || v === undefined ? null : v);

/** '' and null are the same value, and so are a missing and a false flag. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (norm(a) === norm(b)) return true;
  return typeof a === 'boolean' || typeof b === 'boolean' ? Boolean(a) === Boolean(b) : false;
}

/** sameValue, and money typed as text ('1250.5') is the same as the number the server keeps (1250.5). */
export function sameValueOrAmount(a: unknown, b: unknown): boolean {
  if (sameValue(a, b)) return true;
  if (typeof a === 'boolean' || typeof b === 'boolean') return false;
  if (a !== null && b !== null && a !== '' && b !== '' && !isNaN(Number(a)) && !isNaN(Number(b)) && (typeof a === 'number' || typeof b === 'number')) {
    return Math.abs(Number(a) - Number(b)) < 1e-9;
  }
  return false;
}

export interface Rebased<V> {
  draft: V;
  /** Fields the user changed that the newer version also changed (to something else). */
  conflicts: string[];
  /** Fields the newer version changed. */
  theirs: string[];
}

export interface FormLogic<V extends Values> {
  /** The record's editable fields, null when unset. */
  valuesOf(record: Values): V;
  /** Names of the fields whose values differ between two versions. */
  changedFields(from: Values, to: Values): string[];
  /** The user's edits (draft vs base) laid over a newer version of the record. */
  rebase(base: Values, draft: Values, newer: Values): Rebased<V>;
}

/** The form logic of a record with these editable fields, compared with `same`. */
export function defineFormLogic<V extends Values>(fieldNames: readonly string[], same: (a: unknown, b: unknown) => boolean = sameValue): FormLogic<V> {
  const valuesOf = (record: Values) => Object.fromEntries(fieldNames.map((k) => [k, record[k] ?? null])) as V;
  const changedFields = (from: Values, to: Values) => fieldNames.filter((k) => !same(from[k], to[k]));
  const rebase = (base: Values, draft: Values, newer: Values): Rebased<V> => {
    const mine = changedFields(base, draft);
    const theirs = changedFields(base, newer);
    const next: Values = { ...valuesOf(newer) };
    for (const k of mine) next[k] = draft[k] ?? null;
    const conflicts = mine.filter((k) => theirs.includes(k) && !same(draft[k], newer[k]));
    return { draft: next as V, conflicts, theirs };
  };
  return { valuesOf, changedFields, rebase };
}

/** The billing fields a customer fills (an order's and a ticket's), in the order forms show them. */
export const BILLING_FIELDS = ['billing_address', 'billing_city', 'billing_state', 'billing_zip', 'billing_email', 'billing_phone'] as const;
