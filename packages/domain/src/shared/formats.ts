/**
 * The one way money, quantities, hours, percents and dates are written, on the screen, in a report
 * and on an invoice: '$1,250.50', '1,250 ft', '8.5 h', '12.50%', '11/22/2026'. The web (lib/numbers,
 * lib/dates) re-exports these and the worker's PDF/CSV text and XLSX number formats follow them, so a
 * figure reads the same wherever it is printed. What people type is read back by parseAmount.
 */

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const points = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Excel's number formats for the same rules: the cell keeps a real number, Excel writes it like the screen. */
export const EXCEL_FORMATS = {
  // Unit prices keep up to 4 decimals ($0.0125 a foot), every other amount shows its cents.
  money: '"$"#,##0.00##',
  date: 'mm/dd/yyyy',
  percent: '0.00%',
} as const;

/** A number from a number or the API's numeric text (Postgres numerics arrive as strings); null for none or not a number. */
export function amountOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return parseAmount(v).value;
  return null;
}

/** Money: '$1,250.50', '-$12.00', '$0.0125' for a rate that has the digits; '' for none. */
export function formatMoney(v: unknown): string {
  const n = amountOf(v);
  return n === null ? '' : money.format(n);
}

/** A quantity: thousands separated, up to 4 decimals, the unit after it when given ('1,250 ft'); '' for none. */
export function formatQuantity(v: unknown, unit?: string): string {
  const n = amountOf(v);
  if (n === null) return '';
  return unit ? `${quantity.format(n)} ${unit}` : quantity.format(n);
}

/** Hours as every timecard and total writes them: '8.5 h', '1,040 h'. */
export const formatHours = (v: unknown): string => formatQuantity(v, 'h');

/** A percent kept as points (12.5 = 12.5%): '12.50%'. */
export function formatPercent(v: unknown): string {
  const n = amountOf(v);
  return n === null ? '' : `${points.format(n)}%`;
}

/** 'YYYY-MM-DD', the date part of an ISO instant, or a Date as MM/DD/YYYY; '' for none; other text as written. */
export function formatDate(v: unknown): string {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return '';
    return `${pad(v.getUTCMonth() + 1)}/${pad(v.getUTCDate())}/${v.getUTCFullYear()}`;
  }
  if (typeof v !== 'string' || !v) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(v.trim());
  return m ? `${m[2]}/${m[3]}/${m[1]}` : v;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** What a typed amount reads as: a number, null for an empty box, or the words of the field's error. */
export type ParsedAmount = { value: number | null; error?: undefined } | { value: null; error: string };

const TYPED = /^([-+]?)\$?([-+]?)(\d[\d,]*(?:\.\d*)?|\.\d+)$/;

/**
 * Read an amount as people type it: '1,250.50', '$18.50', ' 18.5 ', '-$12.00', '$-12' are numbers;
 * '' is none; anything else ('abc', '12a', '1.2.3') is an error that says what to type.
 */
export function parseAmount(text: string): ParsedAmount {
  const s = text.replace(/\s+/g, '');
  if (!s) return { value: null };
  const m = TYPED.exec(s);
  // Commas are thousands separators only: '1,25' is a typing slip, not 125.
  if (!m || (m[1] && m[2]) || !/^\d{1,3}(,\d{3})*(\.|$)|^[^,]*$/.test(m[3])) return { value: null, error: 'Type a number, e.g. 1,250.50' };
  const n = Number(m[3].replace(/,/g, ''));
  if (!Number.isFinite(n)) return { value: null, error: 'Type a number, e.g. 1,250.50' };
  // '-0' is 0, not a '-$0.00' balance.
  return { value: (m[1] === '-' || m[2] === '-') && n !== 0 ? -n : n };
}
