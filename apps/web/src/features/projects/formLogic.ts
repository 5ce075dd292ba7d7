/**
 * The project form's pure logic: its values, which fields the user changed, and how unsaved edits
 * survive a newer version of the project (someone else's save, or this user's own line added): the
 * user's changed fields are laid over the newer values, and fields both changed are named.
 */
import { PROJECT_FIELD_NAMES } from '@trenchline/domain';
import type { ProjectValues } from './api/types';

export type Values = Record<string, unknown>;

/** The project's editable fields, null when unset. */
export function valuesOf(record: Values): ProjectValues {
  return Object.fromEntries(PROJECT_FIELD_NAMES.map((k) => [k, record[k] ?? null])) as ProjectValues;
}

const norm = (v: unknown) => (v === '' || v === undefined ? null : v);
const same = (a: unknown, b: unknown) => {
  if (norm(a) === norm(b)) return true;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Boolean(a) === Boolean(b);
  // Money typed as text ('1250.5') is the same as the number the server keeps (1250.5).
  if (a !== null && b !== null && a !== '' && b !== '' && !isNaN(Number(a)) && !isNaN(Number(b)) && (typeof a === 'number' || typeof b === 'number')) {
    return Math.abs(Number(a) - Number(b)) < 1e-9;
  }
  return false;
};

/** Names of the fields whose values differ between two versions. */
export function changedFields(from: Values, to: Values): string[] {
  return PROJECT_FIELD_NAMES.filter((k) => !same(from[k], to[k]));
}

export interface Rebased {
  draft: ProjectValues;
  /** Fields the user changed that the newer version also changed (to something else). */
  conflicts: string[];
}

/** The user's edits (draft vs base) laid over a newer version of the project. */
export function rebase(base: Values, draft: Values, newer: Values): Rebased {
  const mine = changedFields(base, draft);
  const theirs = changedFields(base, newer);
  const next: Values = { ...valuesOf(newer) };
  for (const k of mine) next[k] = draft[k] ?? null;
  const conflicts = mine.filter((k) => theirs.includes(k) && !same(draft[k], newer[k]));
  return { draft: next as ProjectValues, conflicts };
}

/** What a save sends: every field, with blank text as null and money rounded to cents. */
export function toPayload(draft: ProjectValues): ProjectValues {
  const out: Values = { ...draft };
  for (const [k, v] of Object.entries(out)) if (v === '') out[k] = null;
  if (out.po_amount !== null && out.po_amount !== undefined) {
    const n = Number(out.po_amount);
    out.po_amount = Number.isFinite(n) ? Math.round(n * 100) / 100 : out.po_amount;
  }
  out.archived = Boolean(out.archived);
  return out as ProjectValues;
}

// ---- the scroll-to-section bar ----------------------------------------------------------------

/** Spec 1 section 9: scrolling to a section leaves 150 px above it (the header and the bar). */
export const SCROLL_OFFSET = 150;

/** Where the page scrolls to so a section's top sits `offset` px below the window's top. */
export function scrollTopFor(sectionTop: number, scrollY: number, offset = SCROLL_OFFSET): number {
  return Math.max(0, Math.round(sectionTop + scrollY - offset));
}
