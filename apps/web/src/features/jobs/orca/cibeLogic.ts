/** The CIBE table's pure helpers: the SVA code fill, the table's line order, the email's text file. */
import type { CollectionDef, FieldSpec, Line } from '@trenchline/domain';

/** A code of Settings > SVA codes, as the picker reads it. */
export interface SvaCodeRow {
  code: string;
  description?: string | null;
  rate?: number | string | null;
  uom?: string | null;
}

const key = (v: unknown) => String(v ?? '').trim().toLowerCase();

/**
 * Spec 2 section 5: choosing a code from the SVA list fills the description and the price (its rate).
 * null: a code the sheet does not hold (typed by hand), nothing to fill.
 */
export function svaFill(code: unknown, codes: readonly SvaCodeRow[]): { issued_item_description: string | null; issued_item_price: number | null } | null {
  if (!key(code)) return null;
  const found = codes.find((c) => key(c.code) === key(code));
  if (!found) return null;
  const rate = found.rate === null || found.rate === undefined || found.rate === '' ? null : Number(found.rate);
  return { issued_item_description: found.description ?? null, issued_item_price: rate !== null && Number.isFinite(rate) ? rate : null };
}

/** The picker's choices: each code once (its description is shown beside it, svaOptionLabel). */
export const svaOptions = (codes: readonly SvaCodeRow[]) => [...new Map(codes.filter((c) => key(c.code)).map((c) => [key(c.code), c.code])).values()];

/** How the picker shows a code: 'CODE · description'. */
export function svaOptionLabel(code: string, codes: readonly SvaCodeRow[]): string {
  const found = codes.find((c) => key(c.code) === key(code));
  return found?.description ? `${code} · ${found.description}` : code;
}

const num = (v: unknown) => {
  const n = Number(v);
  return v === null || v === undefined || v === '' || !Number.isFinite(n) ? Number.POSITIVE_INFINITY : n;
};

/**
 * The table's order: the job's own lines first, then each task's in task id order, each scope by line
 * number (line numbers count within a scope: the job's own, or one task's).
 */
export function cibeLinesInOrder(lines: readonly Line[], tasks: readonly Line[]): Line[] {
  const taskRank = new Map(tasks.map((t) => [t.id, num(t.task_id)]));
  const scope = (l: Line) => (l.job_task ? (taskRank.get(String(l.job_task)) ?? Number.MAX_SAFE_INTEGER) : -1);
  return [...lines].sort((a, b) => scope(a) - scope(b) || num(a.line_number) - num(b.line_number));
}

/** A CIBE email downloaded as text: its subject, a blank line, its body. */
export const emailText = (email: Line) => `${String(email.subject ?? '')}\n\n${String(email.email_body ?? '')}\n`;

/** 'CIBE email 1004 task 1.2.txt': what the email is about, safe as a file name. */
export function emailFileName(jobNumber: string, taskId: string | null): string {
  const name = `CIBE email ${jobNumber}${taskId ? ` task ${taskId}` : ''}`;
  return `${name.replace(/[\\/:*?"<>|]+/g, '-')}.txt`;
}

/** The print and step fields of a CIBE line: kept on the line, edited in its panel, not shown in the table. */
const PRINT_FIELDS: FieldSpec[] = [
  { name: 'issued_item_printstep', label: 'Print step', kind: 'text' },
  { name: 'issued_item_step', label: 'Step', kind: 'text' },
  { name: 'issued_item_print', label: 'Print', kind: 'text', width: 240 },
];

/** A CIBE line's panel: the table's fields, then the print fields its schema has; its task changes with 'Assign to task'. */
export function cibeFormFields(def: CollectionDef): FieldSpec[] {
  const shape = def.schema.shape as Record<string, unknown>;
  const extra = PRINT_FIELDS.filter((f) => f.name in shape && !def.fields.some((x) => x.name === f.name));
  return [...def.fields.filter((f) => f.name !== 'job_task' && f.name !== 'task_id'), ...extra];
}
