/**
 * The stamped ticket as a PDF (GET /api/tickets/{id}/pdf/, the ticket's `stamped_ticket_file`): the
 * route has checked the id names a ticket of the caller's account; the ticket is folded from its own
 * stream, so a line changed a moment ago is on the page and every signature's state is the content's
 * as it stands. The rows come from the domain's `ticketDocument`; the fingerprint is on every page.
 */
import { col, stampedTicketReport as declared, ticketDocument, type TicketDocument, type TicketState } from '@trenchline/domain';
import { plural, printedSubtitle, recordDocument } from '../shared/builder.ts';
import { UNREADABLE_SIGNATURE, type DocumentSection } from '../render/index.ts';

/** Each signature as its own block: who, taken by, when, its fingerprint and state; the drawn image (or 'Signature image unreadable'); what changed since. */
function signatureSections(doc: TicketDocument): DocumentSection[] {
  if (!doc.signatures.length) return [{ title: 'Signatures', columns: [col.text('x', 'Signature')], rows: [], empty: 'Not signed.' }];
  return doc.signatures.flatMap((s): DocumentSection[] => [
    {
      title: `${s.kind} signature: ${s.signer_name ?? ''}`.trim(),
      columns: [
        col.text('signer_name', 'Signed by', 16),
        col.text('signer_title', 'Title', 12),
        col.text('signed_by', 'Taken by', 14),
        col.text('signed_at', 'When', 18),
        col.text('fingerprint_short', 'Fingerprint', 12),
        col.text('signature_state', 'State', 20),
      ],
      rows: [s],
      image: s.image,
      imageUnreadable: UNREADABLE_SIGNATURE,
    },
    ...(s.changes_since.length
      ? [
          {
            title: `Changed since ${s.signer_name ?? 'it was'} signed`,
            columns: [col.longtext('change', 'Change', 86)],
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
            col.number('line_number', '#', 4),
            col.text('item_code', 'Code', 9),
            col.text('description', 'Description', 15),
            col.text('work_type', 'Work type', 11),
            col.text('form', 'Form', 9),
            col.text('from_location', 'From', 8),
            col.text('to_location', 'To', 8),
            col.number('feet', 'Feet', 7),
            col.number('qty', 'Qty', 6),
            col.text('cibe_code', 'CIBE code', 9),
            col.text('marks', 'Line', 8),
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
            col.text('label', 'Total', 40),
            col.number('quantity', 'Quantity', 14),
            col.money('amount', 'Amount', 14),
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
