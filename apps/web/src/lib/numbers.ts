/** Numbers and money as the lists and forms show them. Tested in numbers.test.ts. */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A number from the API's number or numeric text; null for none or not a number. */
export function numberOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** An amount with 2 decimals ('$12,500.00'); '' for none. */
export function showMoney(v: unknown): string {
  const n = numberOf(v);
  return n === null ? '' : dollars.format(n);
}
