/**
 * The bid form's pure logic: which fields the user changed, and how unsaved edits survive a newer
 * version of the bid (a line added by this user, or someone else's save): the user's changed fields
 * are laid over the newer values, and fields both changed are named so nothing is lost silently.
 */
import { BID_FIELD_NAMES } from '@trenchline/domain';
import type { BidValues } from './api/types';

export type Values = Record<string, unknown>;

/** The bid's editable fields, null when unset. */
export function valuesOf(record: Values): BidValues {
  return Object.fromEntries(BID_FIELD_NAMES.map((k) => [k, record[k] ?? null])) as BidValues;
}

const norm = (v: unknown) => (v === '' || v === undefined ? null : v);
const same = (a: unknown, b: unknown) => norm(a) === norm(b) || (typeof a === 'boolean' || typeof b === 'boolean' ? Boolean(a) === Boolean(b) : false);

/** Names of the fields whose values differ between two versions. */
export function changedFields(from: Values, to: Values): string[] {
  return BID_FIELD_NAMES.filter((k) => !same(from[k], to[k]));
}

export interface Rebased {
  draft: BidValues;
  /** Fields the user changed that the newer version also changed (to something else). */
  conflicts: string[];
  /** Fields the newer version changed. */
  theirs: string[];
}

/** The user's edits (draft vs base) laid over a newer version of the bid. */
export function rebase(base: Values, draft: Values, newer: Values): Rebased {
  const mine = changedFields(base, draft);
  const theirs = changedFields(base, newer);
  const next: Values = { ...valuesOf(newer) };
  for (const k of mine) next[k] = draft[k] ?? null;
  const conflicts = mine.filter((k) => theirs.includes(k) && !same(draft[k], newer[k]));
  return { draft: next as BidValues, conflicts, theirs };
}
