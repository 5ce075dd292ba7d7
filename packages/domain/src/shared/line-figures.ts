/** A line's money figures in exact cents: its total and a sum over lines (jobs, orders, tickets, tasks). */
import type { FieldSpec, Line } from './collections.ts';

const num = (v: unknown) => (typeof v === 'number' ? v : v == null || v === '' ? 0 : Number(v) || 0);

const cents = (v: number) => Math.round(v * 100);

/** A line's total: quantity times price, to the cent, and only when both are above 0 (spec 2 section 5). */
export function lineTotal(line: Line, qty = 'qty', price = 'price'): number | null {
  const q = num(line[qty]);
  const p = num(line[price]);
  return q > 0 && p > 0 ? cents(q * p) / 100 : null;
}

/** A priced line's columns, shown alike on every table of priced lines: its quantity, unit price and the total computed from them. */
export const pricedColumns: FieldSpec[] = [
  { name: 'qty', label: 'Qty', kind: 'number' },
  { name: 'price', label: 'Price', kind: 'money' },
  { name: 'total_price', label: 'Total', kind: 'money', readOnly: true },
];

/** Sum of one field over lines, in exact cents. */
export const sumOf = (lines: Line[], field: string) => lines.reduce((s, l) => s + cents(num(l[field])), 0) / 100;
