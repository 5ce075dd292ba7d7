/**
 * Pure helpers of the generic line editor: how a registry field's value is shown, typed, sent and
 * compared. A row's unsaved edits are kept as a patch of input values over the loaded line.
 */
import type { FieldSpec, Line } from '@trenchline/domain';
import { showDate } from '../../lib/dates';
import { parseAmount, showMoney, showPercent, showQuantity } from '../../lib/numbers';

export type Patch = Record<string, unknown>;

const NUMERIC = new Set(['number', 'money', 'percent']);
export const isNumeric = (f: FieldSpec) => NUMERIC.has(f.kind);

/** The value an input shows: numbers and dates as strings, never null. */
export function inputValue(f: FieldSpec, v: unknown): string | boolean {
  if (f.kind === 'flag') return Boolean(v);
  if (v === null || v === undefined) return '';
  return String(v);
}

/** The value sent to the server for an input value. */
export function toWire(f: FieldSpec, v: unknown): unknown {
  if (f.kind === 'flag') return Boolean(v);
  if (v === undefined || v === null) return null;
  if (isNumeric(f)) {
    if (typeof v === 'number') return v;
    const typed = parseAmount(String(v));
    return typed.error ? String(v) : typed.value; // an unparseable number goes to the server, which names the field
  }
  if (f.kind === 'choice' || f.kind === 'date') return v === '' ? null : v;
  return v;
}

/** Stored values compared as the server would store them ('' and null are the same text). */
function same(f: FieldSpec, a: unknown, b: unknown): boolean {
  const na = toWire(f, a);
  const nb = toWire(f, b);
  if (f.kind === 'text' || f.kind === 'longtext') return (na ?? '') === (nb ?? '');
  if (isNumeric(f) && typeof na === 'number' && typeof nb === 'number') return Math.abs(na - nb) < 1e-9;
  return (na ?? null) === (nb ?? null);
}

export const editableFields = (fields: FieldSpec[]) => fields.filter((f) => !f.readOnly);

/** The changed editable fields of a row, in wire form: what a PUT of the line sends. */
export function changedValues(fields: FieldSpec[], row: Line, patch: Patch | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!patch) return out;
  for (const f of editableFields(fields)) {
    if (!(f.name in patch)) continue;
    if (!same(f, patch[f.name], row[f.name])) out[f.name] = toWire(f, patch[f.name]);
  }
  return out;
}

export const isDirty = (fields: FieldSpec[], row: Line, patch: Patch | undefined) =>
  Object.keys(changedValues(fields, row, patch)).length > 0;

/** The row as the user currently sees it (patch applied, in wire form), e.g. for live totals. */
export function currentRow(fields: FieldSpec[], row: Line, patch: Patch | undefined): Line {
  return { ...row, ...changedValues(fields, row, patch) };
}

/** A read-only cell's text, by the one formatter: '$1,250.50', '1,250 ft', '8.5 h', '12.50%', '11/22/2026'. */
export function displayValue(f: FieldSpec, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (f.kind) {
    case 'flag':
      return v ? 'Yes' : 'No';
    case 'date':
      return showDate(v);
    case 'money':
      return showMoney(v) || String(v);
    case 'number':
      return showQuantity(v, f.unit) || String(v);
    case 'percent':
      return showPercent(v) || String(v);
    default:
      return String(v);
  }
}
