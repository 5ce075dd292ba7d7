/**
 * A 409 of the server's field-by-field rule, read once for every editor: the fields both the user and
 * someone else changed (yours, theirs, who, when), the record or line as it now stands, and the next
 * save after the user chose per field. Nothing was written by the refused save, so the user's other
 * edits go again too. No React here, so every rule is unit tested.
 */
import { isApiError } from '../../lib/http';
import type { FieldConflict } from '@trenchline/domain';
import type { FormLogic, Values } from './formLogic';

/** One field both changed, as the server names it (the domain's merge rule). */
export type { FieldConflict };

/** The record (or line) as it now stands, with its version. */
export type Current = Values & { version: number };

export interface Conflict {
  /** The server's words. */
  message: string;
  /** Empty when the server only said the record moved on (no field named). */
  fields: FieldConflict[];
  current: Current;
}

export type Choice = 'mine' | 'theirs';
export type Choices = Record<string, Choice>;

const isFieldConflict = (c: unknown): c is FieldConflict =>
  typeof c === 'object' && c !== null && typeof (c as FieldConflict).field === 'string';

/** A 409 that answers the part as it now stands; null for any other failure. */
export function conflictOf(e: unknown): Conflict | null {
  if (!isApiError(e) || e.status !== 409) return null;
  const current = e.body.current;
  if (!current || typeof current.version !== 'number') return null;
  return { message: e.body.message ?? '', fields: (e.body.conflicts ?? []).filter(isFieldConflict), current: current as Current };
}

/** A 410: the line was deleted by someone (the server says who); null for any other failure. */
export const goneMessage = (e: unknown): string | null =>
  isApiError(e) && e.status === 410 ? (e.body.message ?? 'This was deleted by someone else. Nothing was saved.') : null;

/** Each field starts as the user has it: nothing of theirs is taken without a choice. */
export const keepMine = (c: Conflict): Choices => Object.fromEntries(c.fields.map((f) => [f.field, 'mine' as const]));

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Who changed which fields, e.g. 'Frank Field changed City and County'. */
export function changedBy(c: Conflict, labelOf: (field: string) => string): string {
  const who = [...new Set(c.fields.map((f) => f.by))];
  return `${joinWords(who)} changed ${joinWords(c.fields.map((f) => labelOf(f.field)))}`;
}

/**
 * A form's next state after the user chose: based on the record as it now stands (so the next save
 * carries its version), the user's own edits laid over it, and each field both changed kept or taken
 * as chosen.
 */
export function resolveForm<V extends Values>(logic: FormLogic<V>, state: { base: Values; draft: Values }, c: Conflict, choices: Choices): { base: V; version: number; draft: V } {
  const next: Values = { ...logic.rebase(state.base, state.draft, c.current).draft };
  for (const f of c.fields) if (choices[f.field] === 'theirs' && f.field in next) next[f.field] = c.current[f.field] ?? null;
  return { base: logic.valuesOf(c.current), version: c.current.version, draft: next as V };
}

/**
 * A patch of unsaved edits (a line, a catalog row) after the user chose: a field taken from theirs
 * leaves the patch, so the row shows their value; the rest is sent again from the current version.
 */
export function resolvePatch(patch: Values, c: Conflict, choices: Choices): Values {
  const theirs = new Set(c.fields.filter((f) => choices[f.field] === 'theirs').map((f) => f.field));
  return Object.fromEntries(Object.entries(patch).filter(([k]) => !theirs.has(k)));
}
