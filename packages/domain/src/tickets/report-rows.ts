/**
 * The stamped ticket (reports.ts, tickets.stamped) as a pure rule over the folded ticket: its header,
 * each section's lines in line order, the totals by the domain's rule (ticketTotals), and each
 * signature with who signed, who took it, when, the drawn image, its fingerprint and whether it signed
 * the content as it stands (signatureStatus) with what changed since; and the ticket's own fingerprint,
 * which the PDF prints on every page.
 */
import { linesOfCollection, type Line } from '../shared/collections.ts';
import { centsTotal, lineSection, printedNumber, printedText } from '../shared/line-sections.ts';
import { drawableImage, SIGNATURE_IMAGE } from '../shared/images.ts';
import {
  ticketCustomerSignatures,
  ticketEquipment,
  ticketExpenses,
  ticketItems,
  ticketMaterials,
  ticketPayroll,
  ticketProductions,
  ticketTimecards,
  ticketWorkerSignatures,
} from './collections.ts';
import { productionFormOf, ticketDaysLeft, ticketTotals } from './rules.ts';
import { contentFingerprint, shortFingerprint, signatureStatus, signedContent } from './signatures.ts';
import type { TicketState } from './ticket.ts';
import { signaturesSummary } from './view.ts';

const text = printedText;
const numOrNull = printedNumber;

/** When a signature was taken, to the minute in UTC ('2026-11-22 15:04 UTC'); a stamp is an ISO instant. */
export function signedWhen(at: unknown): string | null {
  const s = text(at);
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(s);
  return m ? `${m[1]} ${m[2]} UTC` : s;
}

type Field = { label: string; value: string | number | null; kind?: 'date' | 'longtext' };

/** One signature as the stamped ticket shows it. */
function signatureRow(kind: 'Customer' | 'Worker', s: Line, now: ReturnType<typeof signedContent>) {
  const status = signatureStatus(s, now);
  // Drawn only when it passes the image check: a signature saved before the check (an SVG as a PNG, 4000x4000 pixels) is printed as unreadable, not drawn.
  const image = drawableImage(s.signature_image, SIGNATURE_IMAGE);
  return {
    id: s.id,
    kind,
    signer_name: text(s.signer_name),
    signer_title: text(s.signer_title),
    signed_by: text(s.signed_by),
    signed_at: signedWhen(s.signed_at),
    image,
    image_unreadable: image === null,
    fingerprint: text(s.fingerprint),
    fingerprint_short: shortFingerprint(s.fingerprint),
    signature_state: status.signature_state as 'current' | 'signed an earlier version',
    changes_since: status.changes_since,
  };
}

/** One ticket as a document; null when the state holds no live ticket. */
export function ticketDocument(state: TicketState, today: string) {
  if (!state.id || state.deleted) return null;
  const f = state.fields as Record<string, unknown>;
  const lines = (def: Parameters<typeof linesOfCollection>[1]) => linesOfCollection(state.lines, def);
  const productionLines = lines(ticketProductions);
  const equipmentLines = lines(ticketEquipment);
  const timecardLines = lines(ticketTimecards);
  const expenseLines = lines(ticketExpenses);
  const content = signedContent(f, state.lines);
  const customerSignatures = lines(ticketCustomerSignatures);
  const workerSignatures = lines(ticketWorkerSignatures);

  const header: Field[] = [
    { label: 'Ticket #', value: text(f.account_ticket_number) },
    { label: 'Status', value: text(f.ticket_status) },
    { label: 'Job #', value: text(f.account_job_number) },
    { label: 'Segment', value: text(f.segment_number) },
    { label: 'Title', value: text(f.title) },
    { label: 'Customer', value: text(f.customer) },
    { label: 'Crew', value: text(f.crew_name) },
    { label: 'Created', value: text(f.created_date), kind: 'date' },
    { label: 'Work date', value: text(f.work_date), kind: 'date' },
    { label: 'Completion', value: text(f.completion_date), kind: 'date' },
    { label: 'Days left', value: ticketDaysLeft(f.completion_date as string | null, today).ticket_days_left },
    { label: 'Approved by', value: f.approved === true ? text(f.approved_by) : null },
    { label: 'Approved', value: f.approved === true ? text(f.approval_date) : null, kind: 'date' },
  ];
  if (text(f.description)) header.push({ label: 'Description', value: text(f.description), kind: 'longtext' });

  const productions = productionLines.map((l) => ({
    id: l.id,
    line_number: numOrNull(l.line_number),
    // Inserted and zeroed lines are marked beside their number, as the detail marks them.
    marks: [l.line_inserted === true ? 'inserted' : null, l.line_zeroed === true ? 'zeroed' : null].filter(Boolean).join(', ') || null,
    item_code: text(l.issued_item_code),
    description: text(l.issued_item_description),
    work_type: text(l.work_type),
    form: productionFormOf(l),
    from_location: text(l.from_location),
    to_location: text(l.to_location),
    feet: numOrNull(l.feet),
    qty: numOrNull(l.qty),
    cibe_code: text(l.CIBE_item_code),
  }));
  // Each section prints the columns its collection declares for the ticket's tables (line-sections.ts).
  const section = (def: Parameters<typeof lineSection>[0]) => lineSection(def, state.lines);
  const materials = section(ticketMaterials);
  const payroll = section(ticketPayroll);

  return {
    account_ticket_number: text(f.account_ticket_number),
    title: text(f.title),
    customer: text(f.customer),
    header,
    productions,
    items: section(ticketItems),
    equipment: section(ticketEquipment),
    materials,
    materials_total: centsTotal(materials.rows.map((m) => m.total_price)),
    expenses: section(ticketExpenses),
    timecards: section(ticketTimecards),
    payroll,
    payroll_total: centsTotal(payroll.rows.map((p) => p.amount)),
    totals: ticketTotals({ productions: productionLines, equipment: equipmentLines, timecards: timecardLines, expenses: expenseLines }),
    signatures: [...customerSignatures.map((s) => signatureRow('Customer', s, content)), ...workerSignatures.map((s) => signatureRow('Worker', s, content))],
    signature_status: signaturesSummary([...customerSignatures, ...workerSignatures], content),
    fingerprint: contentFingerprint(content),
  };
}

export type TicketDocument = NonNullable<ReturnType<typeof ticketDocument>>;
