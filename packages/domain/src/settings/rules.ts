/** Settings rules (spec 3: settings; spec 2: supporting calls), pure and unit-tested beside. */
import { DomainError } from '../shared/decider.ts';
import { uniqueKeyOf } from '../shared/keys.ts';
import { isStorableText, UNSTORABLE_TEXT } from '../shared/fields.ts';

// ---- document numbering ---------------------------------------------------------------------

/** The counters of spec 3 section 7, with the path segment the API keeps ('job/work_order'). */
export const DOCUMENT_KINDS = [
  { kind: 'invoice', path: 'invoice', label: 'Invoice' },
  { kind: 'ticket', path: 'ticket', label: 'Ticket' },
  { kind: 'order', path: 'order', label: 'Order' },
  { kind: 'job', path: 'job', label: 'Job' },
  { kind: 'work_order', path: 'job/work_order', label: 'Work order' },
  { kind: 'rfq', path: 'rfq', label: 'RFQ' },
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]['kind'];
export const documentKind = (kind: string) => DOCUMENT_KINDS.find((k) => k.kind === kind);

/** The settings screen's new value for a counter: current plus one. */
export const suggestedNumber = (current: number) => current + 1;

/** The next number handed out after `current` (the last one handed out or set). */
export const nextNumber = (current: number) => current + 1;

export const MAX_DOCUMENT_NUMBER = 999_999_999;

/**
 * A counter may be set forward freely, and back only as far as the highest number ever handed out:
 * a number that was handed out is never handed out again.
 */
export function checkCurrentNumber(number: unknown, highestIssued: number): number {
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > MAX_DOCUMENT_NUMBER) {
    throw new DomainError('invalid', 'The number must be a whole number from 0 up', { number: 'must be a whole number from 0 up' });
  }
  if (number < highestIssued) {
    throw new DomainError('invalid', `The number cannot go below ${highestIssued}: numbers up to ${highestIssued} have been handed out`, {
      number: `must be at least ${highestIssued} (numbers up to ${highestIssued} have been handed out)`,
    });
  }
  return number;
}

// ---- form types -----------------------------------------------------------------------------

/** Where a form type is offered: the screens that create records of a form type. */
export const FORM_TYPE_NAVS = ['job', 'ticket', 'locate', 'rfq'] as const;
export type FormTypeNav = (typeof FORM_TYPE_NAVS)[number];

export interface FormType {
  id: number;
  nav: FormTypeNav;
  /** The stored value (form_type on the record). */
  name: string;
  /** What users read in pickers. */
  ux_name: string;
  /** Title of the record's screen. */
  form_title: string;
}

/** The form types spec 2 and 3 name (attorca, attfiber, base, attorca_ticket ...), one list. */
export const FORM_TYPES: readonly FormType[] = [
  { id: 1, nav: 'job', name: 'attorca', ux_name: 'AT&T ORCA (task based)', form_title: 'ORCA Job' },
  { id: 2, nav: 'job', name: 'attfiber', ux_name: 'AT&T Fiber', form_title: 'Fiber Job' },
  { id: 3, nav: 'job', name: 'base', ux_name: 'Base job', form_title: 'Job' },
  { id: 4, nav: 'ticket', name: 'attorca_ticket', ux_name: 'AT&T ORCA ticket', form_title: 'ORCA Field Ticket' },
  { id: 5, nav: 'ticket', name: 'attfiber_ticket', ux_name: 'AT&T Fiber ticket', form_title: 'Fiber Field Ticket' },
  { id: 6, nav: 'ticket', name: 'base_ticket', ux_name: 'Base ticket', form_title: 'Field Ticket' },
  { id: 7, nav: 'locate', name: 'base_locate', ux_name: '811 locate', form_title: '811 Locate Ticket' },
  { id: 8, nav: 'locate', name: 'attorca_locate', ux_name: 'AT&T ORCA locate', form_title: 'ORCA 811 Locate Ticket' },
  { id: 9, nav: 'rfq', name: 'base_rfq', ux_name: 'Request for quote', form_title: 'RFQ' },
  { id: 10, nav: 'rfq', name: 'attfiber_rfq', ux_name: 'AT&T Fiber RFQ', form_title: 'Fiber RFQ' },
];

export const formTypesFor = (nav?: FormTypeNav) => (nav ? FORM_TYPES.filter((f) => f.nav === nav) : [...FORM_TYPES]);

// ---- how-to sections ------------------------------------------------------------------------

/** A how-to tip shown at the top of a screen section until the user opts out of it. */
export interface How2Section {
  id: number;
  /** Which screen shows it: the paths GET /api/jobs/how2s/{page}/ and /api/settings/how2s/. */
  page: 'detail' | 'dashboard' | 'settings';
  /** The section of the screen it sits over (a collection's detail key, e.g. 'cibeitems'); none: the screen's top. */
  section?: string;
  title: string;
  body: string;
}

export const HOW2_SECTIONS: readonly How2Section[] = [
  { id: 1, page: 'dashboard', title: 'Your jobs at a glance', body: 'Rows are sorted by days left; red is under 4 days, orange under 7. Tick rows to run reports or download PDF bundles.' },
  { id: 2, page: 'dashboard', title: 'Filters are kept for you', body: 'Active, archives, live-and-future and the date range are saved to your user. Change one, then press the lit refresh button.' },
  { id: 3, page: 'detail', title: 'Items and totals', body: 'Every total on the job (change orders, invoiced, crew payouts, gross profit) is computed by the server from the lines you enter.' },
  { id: 4, page: 'detail', title: 'Crews and users', body: 'Assign a crew by its exact name from Settings > Crews, and users from the account users list.' },
  { id: 5, page: 'detail', title: 'History', body: 'Open History to see who changed what, or view the job as it stood on any day.' },
  { id: 6, page: 'settings', title: 'Numbers never repeat', body: 'Document numbers may be moved forward; they never go back below a number already handed out.' },
  { id: 8, page: 'detail', section: 'cibeitems', title: 'CIBE lines', body: 'Pick an SVA code to fill the description and price. Insert puts a line above the row; tick a row, then tick another to select every row between them and zero, delete or move them at once.' },
  { id: 9, page: 'detail', section: 'permits', title: 'Permits', body: 'The job and its task take the earliest permit expiration: saving a permit that expires sooner moves their date, deleting it moves the date back.' },
  { id: 10, page: 'detail', section: 'tasks', title: 'Tasks', body: 'New tasks are numbered 1.1, 1.2 ... by the server. Open a task for its CIBE lines, emails, permits, materials and crews.' },
  { id: 7, page: 'settings', title: 'SVA codes from a CSV', body: 'Import your SVA rate sheet as CSV with columns code, description, uom, rate, provisions. Nothing is imported while any row has an error.' },
];

export const how2sFor = (page: How2Section['page']) => HOW2_SECTIONS.filter((s) => s.page === page);

// ---- subscription catalogue -----------------------------------------------------------------

export interface CatalogItem {
  id: string;
  code: string;
  name: string;
  description: string;
  /** US dollars per unit per month. */
  price: number;
  unit: 'user' | 'account';
}

/** What an account can subscribe to. Prices are list prices; the access-code rules are not shown. */
export const SUBSCRIPTION_CATALOG: readonly CatalogItem[] = [
  { id: '1', code: 'office', name: 'Office user', description: 'Bids, jobs, tickets, locates, RFQs, reports and settings', price: 49, unit: 'user' },
  { id: '2', code: 'field', name: 'Field user', description: 'Crew app: field tickets, production, photos and timecards', price: 19, unit: 'user' },
  { id: '3', code: 'orca', name: 'ORCA dashboards', description: 'Task-based jobs, CIBE lines and permit tracking', price: 99, unit: 'account' },
  { id: '4', code: 'sales', name: 'Sales tracker', description: 'Leads, surveys, contacts and activity hours', price: 29, unit: 'account' },
];

export const catalogItem = (id: string) => SUBSCRIPTION_CATALOG.find((i) => i.id === id);

export const MAX_SUBSCRIPTION_QUANTITY = 10_000;

export function checkSubscriptionQuantity(item: CatalogItem, quantity: unknown): number {
  const max = item.unit === 'account' ? 1 : MAX_SUBSCRIPTION_QUANTITY;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > max) {
    throw new DomainError('invalid', `Quantity of ${item.name} must be a whole number from 0 to ${max}`, { quantity: `must be a whole number from 0 to ${max}` });
  }
  return quantity;
}

/** The account's monthly price: quantity x price over the catalogue, to the cent. */
export function monthlyTotal(quantities: Record<string, number>): number {
  const cents = SUBSCRIPTION_CATALOG.reduce((sum, i) => sum + Math.round(i.price * 100) * (quantities[i.id] ?? 0), 0);
  return cents / 100;
}

// ---- catalogs -------------------------------------------------------------------------------

/** Units of measure of products (spec 3 section 9). */
export const PRODUCT_UOMS = ['oz', 'g', 'btl', 'gr', 'keg', '%', 'hr'] as const;

/** Users are matched by last name when assigned (spec 2): the last word of the display name. */
export function lastNameOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}
export function firstNameOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/);
  return words.length > 1 ? words.slice(0, -1).join(' ') : '';
}

// ---- SVA rate sheet import ------------------------------------------------------------------

/** Columns of an SVA rate sheet CSV; headers match case- and space-insensitively. */
export const SVA_COLUMNS = ['code', 'description', 'uom', 'rate', 'provisions'] as const;
export const SVA_REQUIRED_COLUMNS = ['code', 'description', 'rate'] as const;
export const MAX_SVA_IMPORT_ROWS = 10_000;

export type SvaValues = { code: string; description: string; uom: string | null; rate: number; provisions: string | null };

export interface SvaPlanRow {
  /** Line of the CSV file (the header is line 1). */
  line: number;
  code: string;
  values: Partial<SvaValues>;
  action: 'add' | 'update' | 'unchanged' | 'error';
  /** column -> what is wrong, for 'error' rows. */
  errors: Record<string, string>;
  /** The existing code's line id, for updates. */
  id?: string;
  /** column -> old and new, for updates. */
  changes?: Record<string, { old: unknown; new: unknown }>;
}

export interface SvaImportPlan {
  /** Problems with the file as a whole (missing columns, no rows, too many rows). */
  fileErrors: string[];
  rows: SvaPlanRow[];
  counts: { add: number; update: number; unchanged: number; error: number };
  /** True when there is something to import and nothing is wrong. */
  ok: boolean;
}

const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/[^a-z]/g, '');

/** Parse one rate like '$1,234.50' or '12'; null when it is not a non-negative amount. */
export function parseRate(raw: string): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) && n <= 1e9 ? Math.round(n * 10000) / 10000 : null;
}

/**
 * What importing these CSV rows into the rate sheet would do, row by row: add a new code, update an
 * existing one (with its changes), leave one unchanged, or refuse the row with the reason per column.
 * `records` are the CSV rows after the header; `header` is the header row as read; `lines` is the file
 * line of each record, when the reader knows it (a quoted value may span lines).
 * An optional column the file does not have (uom, provisions) leaves existing codes' values alone.
 * Codes match as names do everywhere (shared/keys.ts): 'AB 1' and 'ab  1' are one code.
 */
export function planSvaImport(existing: { id: string; code?: unknown; [k: string]: unknown }[], header: string[], records: string[][], lines?: number[]): SvaImportPlan {
  const fileErrors: string[] = [];
  const cols = header.map(normaliseHeader);
  const at = Object.fromEntries(SVA_COLUMNS.map((c) => [c, cols.indexOf(c)])) as Record<(typeof SVA_COLUMNS)[number], number>;
  const missing = SVA_REQUIRED_COLUMNS.filter((c) => at[c] < 0);
  if (missing.length) fileErrors.push(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (the header row must name code, description, uom, rate, provisions)`);
  const dataRows = records.filter((r) => r.some((cell) => cell.trim() !== ''));
  if (!dataRows.length && !missing.length) fileErrors.push('The file has no rows under its header');
  if (dataRows.length > MAX_SVA_IMPORT_ROWS) fileErrors.push(`The file has ${dataRows.length} rows; at most ${MAX_SVA_IMPORT_ROWS} can be imported at once`);

  const byCode = new Map(existing.map((l) => [uniqueKeyOf(l.code) ?? '', l]));
  const seen = new Map<string, number>();
  const rows: SvaPlanRow[] = [];
  if (!missing.length) {
    records.forEach((record, i) => {
      if (!record.some((cell) => cell.trim() !== '')) return;
      const line = lines?.[i] ?? i + 2;
      const cell = (c: (typeof SVA_COLUMNS)[number]) => (at[c] >= 0 ? (record[at[c]] ?? '').trim() : '');
      const errors: Record<string, string> = {};
      // An unquoted value with a comma ('$1,200.00') splits into extra cells: refuse rather than guess.
      if (record.length > header.length) errors.row = `has ${record.length} cells but the header has ${header.length}; put values containing commas in double quotes`;
      const code = cell('code');
      const description = cell('description');
      const rateText = cell('rate');
      const uom = cell('uom');
      const provisions = cell('provisions');
      if (!code) errors.code = 'is required';
      else if (code.length > 50) errors.code = 'is longer than 50 characters';
      else if (seen.has(uniqueKeyOf(code)!)) errors.code = `appears twice in the file (also line ${seen.get(uniqueKeyOf(code)!)})`;
      if (!description) errors.description = 'is required';
      else if (description.length > 500) errors.description = 'is longer than 500 characters';
      const rate = parseRate(rateText);
      if (!rateText) errors.rate = 'is required';
      else if (rate === null) errors.rate = `"${rateText}" is not an amount (e.g. 12.50)`;
      if (uom.length > 20) errors.uom = 'is longer than 20 characters';
      if (provisions.length > 2000) errors.provisions = 'is longer than 2000 characters';
      // A file's bytes are the one door to the rate sheet that skips the fields' own text check.
      for (const c of SVA_COLUMNS) if (!isStorableText(cell(c))) errors[c] = UNSTORABLE_TEXT;
      if (code && !seen.has(uniqueKeyOf(code)!)) seen.set(uniqueKeyOf(code)!, line);

      const values: Partial<SvaValues> = { code, description, rate: rate ?? 0 };
      if (at.uom >= 0) values.uom = uom || null;
      if (at.provisions >= 0) values.provisions = provisions || null;
      if (Object.keys(errors).length) return rows.push({ line, code, values, action: 'error', errors });
      const current = byCode.get(uniqueKeyOf(code)!);
      if (!current) return rows.push({ line, code, values, action: 'add', errors });
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      for (const [k, v] of Object.entries(values)) {
        const old = current[k] ?? null;
        if (String(old ?? '') !== String(v ?? '')) changes[k] = { old, new: v };
      }
      rows.push({ line, code, values, action: Object.keys(changes).length ? 'update' : 'unchanged', errors, id: current.id, changes });
    });
  }
  const counts = { add: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.action]++;
  return { fileErrors, rows, counts, ok: fileErrors.length === 0 && counts.error === 0 && rows.length > 0 };
}
