/**
 * What a history entry shows of a record as it stood (components/record/AsItStood.tsx), as text:
 * pure, so each record's own rules (features/<area>/asItStood.ts) are unit tested.
 */
import type { FieldSpec, Line } from '@trenchline/domain';
import { displayValue } from '../lines/values';

/** One field as it stood: what it is called and its value as text ('—' for nothing). */
export interface StoodField {
  name: string;
  label: string;
  value: string;
}

/** One collection's lines as they stood. */
export interface StoodLines {
  title: string;
  fields: FieldSpec[];
  rows: Line[];
}

export const NOTHING = '—';

/** A value as text, '—' for nothing. */
export const textAsOf = (v: unknown) => (v === null || v === undefined || v === '' ? NOTHING : String(v));

/** A line's cell (or a declared field) as text, '—' for nothing. */
export const cellAsOf = (f: FieldSpec, v: unknown) => displayValue(f, v) || NOTHING;
