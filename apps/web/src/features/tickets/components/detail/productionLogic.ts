/**
 * The production lines' pure logic (spec 3 sections 3 and 4): which fields a line's form shows (the
 * form follows the work type: the domain's productionFormOf), what a pick of CIBE items and a typed
 * line send, and what an add answered says.
 */
import { insertedMessage, productionFormOf, type Line } from '@trenchline/domain';

export type ProductionForm = 'from_to' | 'handhole' | 'single_point' | 'other';

export interface ProductionField {
  name: 'from_location' | 'to_location' | 'feet' | 'qty';
  label: string;
}

const FROM: ProductionField = { name: 'from_location', label: 'From' };
const TO: ProductionField = { name: 'to_location', label: 'To' };
const FEET: ProductionField = { name: 'feet', label: 'Feet' };
const QTY: ProductionField = { name: 'qty', label: 'Qty' };
const AT: ProductionField = { name: 'from_location', label: 'Location' };

/** A footage run is measured from one place to another; a handhole or a splice sits at one place and is counted. */
export const PRODUCTION_FORM_FIELDS: Record<ProductionForm, ProductionField[]> = {
  from_to: [FROM, TO, FEET],
  handhole: [AT, QTY],
  single_point: [AT, QTY],
  other: [QTY],
};

/** The fields a line shows: its form's, or every one while it has no work type yet. */
export function productionFieldsOf(line: Line): ProductionField[] {
  const form = productionFormOf(line) as ProductionForm | null;
  return form ? PRODUCTION_FORM_FIELDS[form] : [FROM, TO, FEET, QTY];
}

/** The picked CIBE lines as production lines, in the table's order: the server fills code, description, quantities, print, step and task from each. */
export function cibePicks(cibeLines: readonly Line[], picked: ReadonlySet<string>): Record<string, unknown>[] {
  return cibeLines.filter((l) => picked.has(l.id)).map((l) => ({ job_orca_cibe: l.id, ...(l.work_type ? { work_type: l.work_type } : {}) }));
}

const numberOf = (v: string) => (v.trim() === '' ? null : Number(v));

/** A typed line: its work type, and the number it goes in at (a number another line holds inserts it there). */
export function typedLine(workType: string, lineNumber: string): Record<string, unknown> | { error: string } {
  const n = numberOf(lineNumber);
  if (n !== null && (!Number.isInteger(n) || n < 1)) return { error: 'The line number must be a whole number from 1' };
  return { work_type: workType.trim() || null, ...(n === null ? {} : { line_number: n }) };
}

/** What an add says: 'Line {n} inserted' for a line put in among others, else that it was added. */
export function addedMessage(answer: Line | { ticket_productions: Line[] }): string {
  const lines = 'ticket_productions' in answer && Array.isArray(answer.ticket_productions) ? answer.ticket_productions : [answer as Line];
  const inserted = lines.find((l) => l.line_inserted === true);
  if (inserted && lines.length === 1) return insertedMessage(Number(inserted.line_number));
  return lines.length === 1 ? 'Production line added.' : `${lines.length} production lines added.`;
}

/**
 * The production lines the ticket's Save sends with it (PUT ticket_with_related_update): each line
 * with unsaved edits, as its id, the version its edit began from (`sinceOf`; a change someone made
 * since to a field this edit changes too is then a 409, never overwritten) and only the fields changed,
 * so a line merely shown is never sent back over someone else's change.
 */
export function linesToSave(rows: readonly Line[], changedOf: (row: Line) => Record<string, unknown>, sinceOf: (id: string) => number | undefined = () => undefined): Record<string, unknown>[] {
  return rows.flatMap((row) => {
    const values = changedOf(row);
    const version = sinceOf(row.id) ?? (typeof row.version === 'number' ? row.version : undefined);
    return Object.keys(values).length ? [{ ...values, id: row.id, ...(version !== undefined ? { version } : {}) }] : [];
  });
}
