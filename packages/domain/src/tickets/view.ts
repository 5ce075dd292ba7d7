/** The ticket as clients see it (detail, list rows, live updates, the PDF): one shape, one rule for every total. */
import { compareIds, detailKeyOf, linesOfCollection, presentLine, type Line, type LinesState, withLinesUnder } from '../shared/collections.ts';
import { latestNote } from '../projects/rules.ts';
import { TICKET_FIELD_NAMES, ticketFields } from './commands.ts';
import type { TicketState } from './ticket.ts';
import {
  SIGNATURE_COLLECTIONS,
  ticketCollections,
  ticketCustomerSignatures,
  ticketDamageReportPhotos,
  ticketEquipment,
  ticketExpenses,
  ticketNotes,
  ticketPhotos,
  ticketProductionPhotos,
  ticketProductions,
  ticketTabletPdfs,
  ticketTimecards,
  ticketWorkerSignatures,
} from './collections.ts';
import { ticketDaysLeft, ticketStatusOrder, ticketTotals } from './rules.ts';
import { type ClaimedContent, contentFingerprint, shortFingerprint, SIGNED_COLLECTIONS, SIGNED_FIELDS, signatureStatus, signedContent, type SignedContent } from './signatures.ts';

/** Where the worker's stamped PDF of the ticket is fetched (built on request, always of the ticket as it stands). */
export const stampedTicketUrl = (id: string) => `/api/tickets/${id}/pdf/`;

/**
 * The signatures' state in one word for the list and the PDF: 'unsigned', 'signed' (every signature
 * signed the content as it stands) or 'signed an earlier version' (some line changed since one signed).
 */
export function signaturesSummary(signatures: readonly Line[], now: SignedContent) {
  if (!signatures.length) return 'unsigned';
  const fp = contentFingerprint(now);
  return signatures.every((s) => s.fingerprint === fp) ? 'signed' : 'signed an earlier version';
}

export function ticketView(state: TicketState, today: string) {
  const f = state.fields as Record<string, unknown>;
  const fields = Object.fromEntries(TICKET_FIELD_NAMES.map((k) => [k, f[k] ?? null]));
  const lines = (def: Parameters<typeof linesOfCollection>[1]) => linesOfCollection(state.lines, def);
  const content = signedContent(f, state.lines);
  const customer = lines(ticketCustomerSignatures);
  const workers = lines(ticketWorkerSignatures);
  const tablet = lines(ticketTabletPdfs).at(-1);
  return withTicketDays(
    {
      id: state.id!,
      ...fields,
      account_ticket_number: f.account_ticket_number ?? null,
      job_ref_id: f.job ?? null,
      created_date: f.created_date ?? null,
      approved: f.approved === true,
      approval_date: f.approval_date ?? null,
      approved_by: f.approved_by ?? null,
      ticket_status_order: ticketStatusOrder(f.ticket_status),
      created_at: state.created_at,
      last_updated: state.last_updated,
      last_updated_by: state.last_updated_by ?? null,
      ...ticketTotals({ productions: lines(ticketProductions), equipment: lines(ticketEquipment), timecards: lines(ticketTimecards), expenses: lines(ticketExpenses) }),
      production_count: lines(ticketProductions).length,
      photo_count: lines(ticketPhotos).length + lines(ticketProductionPhotos).length + lines(ticketDamageReportPhotos).length,
      fingerprint: contentFingerprint(content),
      signature_status: signaturesSummary([...customer, ...workers], content),
      customer_signed: customer.length > 0,
      worker_signed: workers.length > 0,
      latest_note: latestNote(lines(ticketNotes)),
      stamped_ticket_file: state.id ? stampedTicketUrl(state.id) : null,
      ticket_pdf_from_tablet: tablet ? { id: tablet.id, file: tablet.file, file_name: tablet.file_name } : null,
    },
    today,
  );
}

/** The fields that depend on today's date, refreshed whenever a stored row is shown. */
export function withTicketDays<T extends Record<string, unknown>>(view: T, today: string) {
  return { ...view, ...ticketDaysLeft(view.completion_date as string | null, today) };
}

/** Lines shown under a ticket line: a production's and a damage report's photos, a timecard's, material's or expense's files. */
export const TICKET_LINES_UNDER_A_LINE = [
  { parent: 'ticket_productions', child: 'ticket_production_photos', field: 'production', key: 'photos' },
  { parent: 'ticket_damage_reports', child: 'ticket_damage_report_photos', field: 'damage_report', key: 'photos' },
  { parent: 'ticket_timecards', child: 'ticket_timecard_files', field: 'timecard', key: 'files' },
  { parent: 'ticket_materials', child: 'ticket_material_files', field: 'material', key: 'files' },
  { parent: 'ticket_expenses', child: 'ticket_expense_files', field: 'expense', key: 'files' },
] as const;

/**
 * The ticket's lines as clients see them: the lines under a line, and each signature's state against
 * the content as it stands (current, or signed an earlier version with what changed since); the
 * signed content itself stays in the event.
 */
export function ticketLinesAsShown(lines: LinesState, _today?: string, state?: { fields?: object }): LinesState {
  const out: LinesState = { ...lines };
  // Photos are answered as lines (with their file's URL); files under a line as stored.
  withLinesUnder(out, TICKET_LINES_UNDER_A_LINE, (child) => {
    const def = child === 'ticket_production_photos' ? ticketProductionPhotos : child === 'ticket_damage_report_photos' ? ticketDamageReportPhotos : null;
    return Object.values(lines[child] ?? {})
      .sort((a, b) => compareIds(a.id, b.id))
      .map((c) => (def ? presentLine(def, c) : c));
  });
  const now = signedContent((state?.fields ?? {}) as Record<string, unknown>, lines);
  for (const name of SIGNATURE_COLLECTIONS) {
    const signatures = Object.values(lines[name] ?? {});
    if (!signatures.length) continue;
    out[name] = Object.fromEntries(
      signatures.map((s) => {
        const { signed_content: _c, ...shown } = s;
        return [s.id, { ...shown, fingerprint_short: shortFingerprint(s.fingerprint), ...signatureStatus(s, now) }];
      }),
    );
  }
  return out;
}

/** A value read as the server stores it (a form's '150' is 150, 'true' is true); one its field refuses is left as it is. */
function stored(schema: unknown, v: unknown) {
  const r = (schema as { safeParse?: (v: unknown) => { success: boolean; data?: unknown } } | undefined)?.safeParse?.(v);
  return r?.success ? r.data : v;
}

/**
 * What a device says its signer saw: the signed content of the ticket as its screen holds it (the
 * detail: fields at the top, lines under their detail keys, offline changes laid over). What the
 * screen does not hold (a field user's money, payroll, a number not given yet) is left out, not claimed.
 */
export function ticketDetailContent(detail: Record<string, unknown>): ClaimedContent {
  const shape = ticketFields.shape as Record<string, unknown>;
  const heldFields = SIGNED_FIELDS.filter((f) => detail[f] !== undefined);
  const held = SIGNED_COLLECTIONS.flatMap((c) => {
    const def = ticketCollections.find((d) => d.name === c.name)!;
    const rows = detail[detailKeyOf(def)];
    if (!Array.isArray(rows)) return [];
    const lines = (rows as Line[]).map((l) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, k === 'id' ? v : stored(def.schema.shape[k], v)])) as Line);
    return [{ c, lines }];
  });
  const all = signedContent(
    Object.fromEntries(heldFields.map((f) => [f, stored(shape[f], detail[f])])),
    Object.fromEntries(held.map(({ c, lines }) => [c.name, Object.fromEntries(lines.map((l) => [l.id, l]))])),
  );
  return {
    fields: Object.fromEntries(heldFields.map((f) => [f, all.fields[f]])),
    lines: Object.fromEntries(
      held.map(({ c, lines }) => [c.name, Object.fromEntries(lines.map((l) => [l.id, Object.fromEntries(c.fields.filter((f) => l[f] !== undefined).map((f) => [f, all.lines[c.name][l.id][f]]))]))]),
    ),
  };
}
