/**
 * The stamped ticket as a PDF (GET /api/tickets/{id}/pdf/, the ticket's `stamped_ticket_file`): the
 * route has checked the id names a ticket of the caller's account; the ticket is folded from its own
 * stream, so a line changed a moment ago is on the page and every signature's state is the content's
 * as it stands. The rows come from the domain's `ticketDocument`; the fingerprint is on every page.
 */
import { stampedTicketReport as declared, ticketDocument, type TicketDocument, type TicketState } from '@trenchline/domain';
import { plural, printedSubtitle, recordDocument } from '../shared/builder.ts';
import { UNREADABLE_SIGNATURE, type DocumentSection } from '../render/index.ts';

/** Each signature as its own block: who, taken by, when, its fingerprint and state; the drawn image (or 'Signature image unreadable'); what changed since. */
function signatureSections(doc: TicketDocument): DocumentSection[] {
  if (!doc.signatures.length) return [{ title: 'Signatures', columns: [{ key: 'x', label: 'Signature', kind: 'text' }], rows: [], empty: 'Not signed.' }];
  return doc.signatures.flatMap((s): DocumentSection[] => [
    {
      title: `${s.kind} signature: ${s.signer_name ?? ''}`.trim(),
      columns: [
        { key: 'signer_name', label: 'Signed by', kind: 'text', width: 16 },
        { key: 'signer_title', label: 'Title', kind: 'text', width: 12 },
        { key: 'signed_by', label: 'Taken by', kind: 'text', width: 14 },
        { key: 'signed_at', label: 'When', kind: 'text', width: 18 },
        { key: 'fingerprint_short', label: 'Fingerprint', kind: 'text', width: 12 },
        { key: 'signature_state', label: 'State', kind: 'text', width: 20 },
      ],
      rows: [s],
      image: s.image,
      imageUnreadable: UNREADABLE_SIGNATURE,
    },
    ...(s.changes_since.length
      ? [
          {
            title: `Changed since ${s.signer_name ?? 'it was'} signed`,
            columns: [{ key: 'change', label: 'Change', kind: 'longtext' as const, width: 86 }],
            // Helvetica (WinAnsi) has no arrow: 'feet 120 -> 150' rather than 'feet 120 ? 150'.
            rows: s.changes_since.map((change) => ({ change: change.replace(/→/g, '->') })),
          },
        ]
      : []),
  ]);
}

export const stampedTicketReportBuilder = recordDocument<TicketState>({
  declared,
  aggregate: 'ticket',
  label: 'Ticket',
  document(state, { at }) {
    const doc = ticketDocument(state, at.slice(0, 10));
    if (!doc) return null;
    const t = doc.totals;
    return {
      kind: 'document',
      title: `Ticket ${doc.account_ticket_number ?? ''}`.trim(),
      subtitle: printedSubtitle(at, doc.title, doc.customer),
      fields: [...doc.header, { label: 'Signatures', value: doc.signature_status }],
      footer: `Content fingerprint ${doc.fingerprint}`,
      sections: [
        {
          title: 'Production',
          columns: [
            { key: 'line_number', label: '#', kind: 'number', width: 4 },
            { key: 'item_code', label: 'Code', kind: 'text', width: 9 },
            { key: 'description', label: 'Description', kind: 'text', width: 15 },
            { key: 'work_type', label: 'Work type', kind: 'text', width: 11 },
            { key: 'form', label: 'Form', kind: 'text', width: 9 },
            { key: 'from_location', label: 'From', kind: 'text', width: 8 },
            { key: 'to_location', label: 'To', kind: 'text', width: 8 },
            { key: 'feet', label: 'Feet', kind: 'number', width: 7 },
            { key: 'qty', label: 'Qty', kind: 'number', width: 6 },
            { key: 'cibe_code', label: 'CIBE code', kind: 'text', width: 9 },
            { key: 'marks', label: 'Line', kind: 'text', width: 8 },
          ],
          rows: doc.productions,
          totals: { description: `Totals (${plural(doc.productions.length, 'line')})`, feet: t.feet_total, qty: t.other_total },
          empty: 'No production lines.',
        },
        // The other sections print the columns their collections declare (the ticket's tables).
        { title: 'Items', ...doc.items, empty: 'No items.' },
        { title: 'Equipment', ...doc.equipment, totals: { equipment_name: 'Equipment hours', hours: t.equipment_hours_total }, empty: 'No equipment.' },
        { title: 'Materials', ...doc.materials, totals: { description: 'Materials total', total_price: doc.materials_total }, empty: 'No materials.' },
        { title: 'Expenses', ...doc.expenses, totals: { description: 'Expenses total', total_price: t.expenses_total }, empty: 'No expenses.' },
        { title: 'Timecards', ...doc.timecards, totals: { employee_name: 'Billable hours', billable_hours: t.timecard_hours_total }, empty: 'No timecards.' },
        { title: 'Payroll', ...doc.payroll, totals: { employee_name: 'Payroll total', amount: doc.payroll_total }, empty: 'No payroll.' },
        {
          title: 'Totals',
          columns: [
            { key: 'label', label: 'Total', kind: 'text', width: 40 },
            { key: 'quantity', label: 'Quantity', kind: 'number', width: 14 },
            { key: 'amount', label: 'Amount', kind: 'money', width: 14 },
          ],
          rows: [
            { label: 'Feet total', quantity: t.feet_total },
            { label: 'Other total', quantity: t.other_total },
            { label: 'Equipment hours total', quantity: t.equipment_hours_total },
            { label: 'Timecard billable hours total', quantity: t.timecard_hours_total },
            { label: 'Expenses total', amount: t.expenses_total },
            { label: 'Expenses customer billable', amount: t.expenses_total_billable },
            { label: 'Expenses we buy', amount: t.expenses_total_webuy },
          ],
        },
        ...signatureSections(doc),
      ],
    };
  },
});
