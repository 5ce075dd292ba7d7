/**
 * CIBE lines (spec 2 sections 3, 4, 5 and 8): the cost estimate as issued and as built. One rule for
 * every figure: the line's totals and difference, the job's and task's grand totals, zeroing, line
 * numbers kept in order on insert, range select, and the CIBE email a coordinator receives.
 */
import { z } from 'zod';
import { authorColumns, authorStamps } from '../shared/standard-collections.ts';
import type { Changes } from '../shared/changes.ts';
import type { Line } from '../shared/collections.ts';
import { compareIds } from '../shared/collections.ts';
import { choice, flag, money as moneyField, quantity, text, unitPrice } from '../shared/fields.ts';
import { CIBE_EMAIL_STATUSES } from './rules.ts';
import { lineTotal } from '../shared/line-figures.ts';
import { jobLines } from './lines.ts';
import { taskScoped } from './tasks.ts';

const num = (v: unknown): number | null => (typeof v === 'number' ? v : v == null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
const cents = (v: number) => Math.round(v * 100);
/** Quantities keep 4 decimals: 0.1 + 0.2 - 0.3 is 0, not 5.5e-17. */
const qty4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * A CIBE line's computed fields: issued total = issued qty x issued price; CIBE total = CIBE qty x
 * issued price; difference = CIBE qty - issued qty. A total needs both factors above 0 (as every line
 * total); with no CIBE qty, or a difference of 0, the difference and the CIBE total are blank (null).
 */
export function cibeLineFigures(line: Line) {
  const issued_item_total = lineTotal(line, 'issued_item_qty', 'issued_item_price');
  const cibeQty = num(line.CIBE_item_qty);
  const diff = cibeQty === null ? null : qty4(cibeQty - (num(line.issued_item_qty) ?? 0));
  if (diff === null || diff === 0) return { issued_item_total, CIBE_item_total: null, CIBE_item_qty_diff: null };
  return { issued_item_total, CIBE_item_total: lineTotal(line, 'CIBE_item_qty', 'issued_item_price'), CIBE_item_qty_diff: diff };
}

/** What a line comes to as built: its CIBE qty x price when a CIBE qty is set (0 when zeroed), else as issued. */
function builtAmount(line: Line): number {
  const f = cibeLineFigures(line);
  if (num(line.CIBE_item_qty) === null || f.CIBE_item_qty_diff === null) return f.issued_item_total ?? 0;
  return f.CIBE_item_total ?? 0;
}

/**
 * Grand totals of some CIBE lines (a job's, or a task's): issued, as built (a line without a CIBE
 * qty, or with no difference, counts as issued), and the difference between them.
 */
export function cibeGrandTotals(lines: readonly Line[]) {
  let issued = 0;
  let built = 0;
  for (const l of lines) {
    issued += cents(cibeLineFigures(l).issued_item_total ?? 0);
    built += cents(builtAmount(l));
  }
  return { issued: issued / 100, built: built / 100, difference: (built - issued) / 100 };
}

/** The job's fields of spec 2 section 3, from every CIBE line of the job. */
export function jobCibeTotals(lines: readonly Line[]) {
  const t = cibeGrandTotals(lines);
  return { CIBE_issued_grand_total: t.issued, CIBE_job_grand_total: t.built, CIBE_job_grand_total_difference: t.difference };
}

/** CIBE lines in the order the sheet shows them: by line number (unnumbered last), then as added. */
export function cibeLineOrder<T extends Line>(lines: readonly T[]): T[] {
  return [...lines].sort(compareCibeLines);
}

/** Sheet order of two CIBE lines: by line number (unnumbered last), then as added. */
export function compareCibeLines(a: Line, b: Line): number {
  const x = num(a.line_number);
  const y = num(b.line_number);
  if (x !== y) return x === null ? 1 : y === null ? -1 : x - y;
  return compareIds(String(a.id), String(b.id));
}

// ---- zeroing -----------------------------------------------------------------------------------

/** The quantity a zeroing takes away: the CIBE qty when set, else the issued qty. */
const qtyBeforeZero = (line: Line) => num(line.CIBE_item_qty) ?? num(line.issued_item_qty) ?? 0;

/** Spec 2 section 8: '{code} Quantity {qty} changed to 0'. */
export const zeroedMessage = (line: Line) => `${String(line.issued_item_code ?? '').trim() || `Line ${String(line.line_number ?? '')}`.trim()} Quantity ${qtyBeforeZero(line)} changed to 0`;

/** Zeroing a line (CibeLineZeroed): line_zeroed true and the CIBE quantity 0. Null when it is zeroed at 0 already. */
export function zeroCibeLine(line: Line): { changes: Changes; message: string } | null {
  const changes: Changes = {};
  if (line.line_zeroed !== true) changes.line_zeroed = { old: line.line_zeroed ?? null, new: true };
  if (num(line.CIBE_item_qty) !== 0) changes.CIBE_item_qty = { old: line.CIBE_item_qty ?? null, new: 0 };
  return Object.keys(changes).length ? { changes, message: zeroedMessage(line) } : null;
}

// ---- insert -------------------------------------------------------------------------------------

/** Spec 2 section 8: 'Line {n} inserted'. */
export const insertedMessage = (n: number) => `Line ${n} inserted`;

// ---- range select -------------------------------------------------------------------------------

/** Spec 2 section 5: the question a second click asks. */
export const cibeRangeQuestion = (from: Line, to: Line) => `Select rows between ${String(from.line_number ?? '')} and ${String(to.line_number ?? '')}?`;

/** The lines strictly between two lines, in sheet order (either may come first); none when they are next to each other. */
export function cibeRowsBetween(lines: readonly Line[], fromId: string, toId: string): string[] {
  const ordered = cibeLineOrder(lines);
  const a = ordered.findIndex((l) => l.id === fromId);
  const b = ordered.findIndex((l) => l.id === toId);
  if (a < 0 || b < 0 || a === b) return [];
  return ordered.slice(Math.min(a, b) + 1, Math.max(a, b)).map((l) => l.id);
}

// ---- the CIBE email -----------------------------------------------------------------------------

const money = (v: number) => `${v < 0 ? '-' : ''}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signed = (v: number) => (v > 0 ? `+${money(v)}` : money(v));

/** The lines whose CIBE quantity differs from the issued quantity: the ones a coordinator must hear about. */
export const differingCibeLines = (lines: readonly Line[]) => cibeLineOrder(lines).filter((l) => cibeLineFigures(l).CIBE_item_qty_diff !== null);

/**
 * The email a coordinator receives about CIBE changes: one row per line that differs (code,
 * description, issued qty -> CIBE qty, issued amount -> CIBE amount), the total change, and `amount`
 * (that change, for the activity log). Null when no line differs.
 */
export function cibeEmail(o: { job: Record<string, unknown>; task?: Record<string, unknown> | null; lines: readonly Line[] }) {
  const differing = differingCibeLines(o.lines);
  if (!differing.length) return null;
  const jobNo = String(o.job.account_job_number ?? o.job.job_number ?? o.job.id ?? '');
  const where = o.task ? `job ${jobNo}, task ${String(o.task.task_id ?? '')}` : `job ${jobNo}`;
  const coordinator = String((o.task?.coordinator ?? o.job.coordinator ?? '') || '').trim();
  const totals = cibeGrandTotals(differing);
  const rows = differing.map((l) => {
    const f = cibeLineFigures(l);
    const issued = f.issued_item_total ?? 0;
    const built = builtAmount(l);
    const desc = String(l.issued_item_description ?? '').trim();
    return `Line ${String(l.line_number ?? '')}: ${String(l.issued_item_code ?? '').trim()}${desc ? ` ${desc}` : ''}; qty ${num(l.issued_item_qty) ?? 0} -> ${num(l.CIBE_item_qty) ?? 0} (${f.CIBE_item_qty_diff! > 0 ? '+' : ''}${f.CIBE_item_qty_diff}); ${money(issued)} -> ${money(built)} (${signed(built - issued)})`;
  });
  const title = String(o.job.title ?? '').trim();
  const email_body = [
    coordinator ? `Hello ${coordinator},` : 'Hello,',
    '',
    `The CIBE quantities below differ from what was issued for ${where}${title ? ` (${title})` : ''}:`,
    '',
    ...rows,
    '',
    `Issued ${money(totals.issued)}, as built ${money(totals.built)}: a change of ${signed(totals.difference)}.`,
    '',
    'Please review and approve these changes.',
  ].join('\n');
  return { subject: `CIBE changes: ${where}`, email_body, amount: totals.difference };
}

// ---- SVA codes ----------------------------------------------------------------------------------

/**
 * Spec 2 section 5: choosing a code from the SVA list fills the line's description and price (the
 * code's rate). The server does it when a line's code changes to a code of Settings, for each of the
 * two the request does not set itself (a value other than the line's); `current` is the line before.
 */
export function svaFill(current: Line | undefined, values: Record<string, unknown>, code: Record<string, unknown> | null): Record<string, unknown> {
  if (!code || values.issued_item_code === undefined) return {};
  if (current && String(current.issued_item_code ?? '').trim().toLowerCase() === String(values.issued_item_code ?? '').trim().toLowerCase()) return {};
  const out: Record<string, unknown> = {};
  const setsItself = (field: string) => values[field] !== undefined && values[field] !== null && values[field] !== '' && (!current || String(values[field]) !== String(current[field] ?? ''));
  if (!setsItself('issued_item_description')) out.issued_item_description = code.description ?? null;
  if (!setsItself('issued_item_price')) out.issued_item_price = code.rate ?? null;
  return out;
}

// ---- the collections: CIBE lines and CIBE emails ------------------------------------------------

/** A CIBE line (spec 2 section 3): its totals and difference are computed (cibe.ts), never taken from a client. */
export const jobCibeItems = taskScoped(jobLines('cibeitems', {
  name: 'job_cibe_items',
  entity: 'JobCibeItem',
  noun: 'CIBE line',
  schema: z.object({
    line_number: quantity(),
    issued_item_code: text(100),
    issued_item_description: text(2000),
    issued_item_qty: quantity(),
    issued_item_price: unitPrice(),
    issued_item_printstep: text(100),
    issued_item_step: text(100),
    issued_item_print: text(500),
    CIBE_item_qty: quantity(),
    line_zeroed: flag(),
  }),
  defaults: { line_zeroed: false },
  // Zeroing is a rule of its own (job.ts): it changes the line as a revision does.
  // Zeroing, and approved tickets' production counted in (jobs/ticket-production.ts).
  ruleEvents: ['CibeLineZeroed', 'CibeQtyCounted'],
  computed: (line) => cibeLineFigures(line),
  compare: compareCibeLines,
  fields: [
    { name: 'line_number', label: 'Line', kind: 'number', width: 60 },
    { name: 'issued_item_code', label: 'Code', kind: 'text', width: 100 },
    { name: 'issued_item_description', label: 'Description', kind: 'text', width: 260 },
    { name: 'issued_item_qty', label: 'Issued qty', kind: 'number' },
    { name: 'issued_item_price', label: 'Price', kind: 'money' },
    { name: 'issued_item_total', label: 'Issued total', kind: 'money', readOnly: true },
    { name: 'CIBE_item_qty', label: 'CIBE qty', kind: 'number' },
    { name: 'CIBE_item_total', label: 'CIBE total', kind: 'money', readOnly: true },
    { name: 'CIBE_item_qty_diff', label: 'Difference', kind: 'number', readOnly: true },
    { name: 'line_zeroed', label: 'Zeroed', kind: 'flag', readOnly: true },
  ],
}));

/** The email a coordinator receives about CIBE changes; generated from the lines that differ (cibe.ts cibeEmail). */
export const jobCibeEmails = taskScoped(jobLines('cibe_emails', {
  name: 'job_cibe_emails',
  entity: 'JobCibeEmail',
  noun: 'CIBE email',
  schema: z.object({
    subject: text(500),
    email_body: text(50_000),
    email_status: choice(CIBE_EMAIL_STATUSES),
    /** The change in dollars the email reports: negative when quantities went down. */
    amount: moneyField({ credit: true }),
  }),
  defaults: { email_status: 'Initial' },
  stamps: authorStamps,
  fields: [
    { name: 'subject', label: 'Subject', kind: 'text', width: 240 },
    { name: 'email_status', label: 'Status', kind: 'choice', choices: CIBE_EMAIL_STATUSES, width: 120 },
    { name: 'amount', label: 'Change', kind: 'money', readOnly: true },
    ...authorColumns,
  ],
}));
