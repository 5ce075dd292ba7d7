/**
 * The ticket's child collections (spec 3 sections 3 and 7), each declared once. Their routes are the
 * spec's: list and add on /api/tickets/{id}/{kind}/, one line on /api/tickets/{kind}/{id}; a line's
 * files and photos sit under their line (/api/tickets/timecards/{id}/files/,
 * /api/tickets/productions/{id}/photos/ ...).
 */
import { z } from 'zod';
import { customerDataOf, lineFileOf, lineFileSchema, photoOf, photoSchema } from '../shared/standard-collections.ts';
import { choice, date, flag, id, quantity, ref, text, unitPrice } from '../shared/fields.ts';
import { imageDataUrl, SIGNATURE_IMAGE } from '../shared/images.ts';
import { pricedColumns } from '../shared/line-figures.ts';
import { recordLines } from '../shared/record-lines.ts';
import { WORK_TYPE_MAX_LENGTH } from '../shared/work-types.ts';
import { claimedContentField } from './signatures.ts';
import { moneyLineTotal, productionFormOf, TICKET_DAMAGE_REPORT_STATUSES, TICKET_WORK_TYPES } from './rules.ts';

/** A ticket's collections at the spec's paths: /tickets/{id}/{kind}/ and /tickets/{kind}/{id}; lines of a line under their line's. */
const ticket = recordLines({ aggregate: 'ticket', base: '/tickets' });

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * A production line (spec 3 section 3): picked from the job's CIBE items (job_orca_cibe names the CIBE
 * line; the issued_item_* and CIBE_item_* fields are its values when picked) or typed. form_type
 * follows the work type and is never taken from a client. Lines are numbered; a line added at a
 * number another holds is inserted there (line_inserted) and the later ones move down; zeroing sets
 * qty and feet to 0 (ticket.ts).
 */
export const ticketProductions = ticket.lines('productions', {
  name: 'ticket_productions',
  entity: 'TicketProduction',
  noun: 'Production line',
  detailKey: 'ticket_productions',
  schema: z.object({
    line_number: quantity(),
    line_inserted: flag(),
    line_zeroed: flag(),
    work_type: text(WORK_TYPE_MAX_LENGTH),
    feet: quantity(),
    qty: quantity(),
    from_location: text(300),
    to_location: text(300),
    issued_item_print: text(100),
    issued_item_task_id: text(50),
    issued_item_step: text(100),
    issued_item_printstep: text(100),
    issued_item_code: text(100),
    issued_item_description: text(2000),
    issued_item_qty: quantity(),
    CIBE_item_code: text(100),
    CIBE_item_desc: text(2000),
    CIBE_item_qty: quantity(),
    // A CIBE line of the ticket's job (the API checks it is).
    job_orca_cibe: ref({ line: 'job_cibe_items', elsewhere: true }),
    notes: text(2000),
  }),
  defaults: { line_inserted: false, line_zeroed: false },
  computed: (line) => ({ form_type: productionFormOf(line) }),
  compare: (a, b) => {
    const x = num(a.line_number);
    const y = num(b.line_number);
    if (x !== y) return x === null ? 1 : y === null ? -1 : x - y;
    return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  },
  fields: [
    { name: 'line_number', label: '#', kind: 'number', width: 50 },
    { name: 'issued_item_code', label: 'Code', kind: 'text', width: 90 },
    { name: 'issued_item_description', label: 'Description', kind: 'text', width: 220 },
    { name: 'work_type', label: 'Work type', kind: 'text', choices: TICKET_WORK_TYPES, width: 140 },
    { name: 'form_type', label: 'Form', kind: 'text', readOnly: true, width: 90 },
    { name: 'from_location', label: 'From', kind: 'text' },
    { name: 'to_location', label: 'To', kind: 'text' },
    { name: 'feet', label: 'Feet', kind: 'number', unit: 'ft' },
    { name: 'qty', label: 'Qty', kind: 'number' },
    { name: 'issued_item_qty', label: 'Issued qty', kind: 'number', readOnly: true },
    { name: 'line_zeroed', label: 'Zeroed', kind: 'flag' },
  ],
});
export const ticketProductionPhotos = ticket.linesOfLine('productions', 'photos', { collection: 'ticket_productions', field: 'production' }, { name: 'ticket_production_photos', entity: 'TicketProductionPhoto', ...photoOf, schema: photoSchema.extend({ production: id() }) });

export const ticketItems = ticket.lines('items', {
  name: 'ticket_items',
  entity: 'TicketItem',
  noun: 'Item',
  schema: z.object({ item_code: text(100), description: text(2000), qty: quantity(), uom: text(50), notes: text(2000) }),
  fields: [
    { name: 'item_code', label: 'Code', kind: 'text', width: 100 },
    { name: 'description', label: 'Description', kind: 'text', width: 260 },
    { name: 'qty', label: 'Qty', kind: 'number' },
    { name: 'uom', label: 'UOM', kind: 'text', width: 70 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 200 },
  ],
});

export const ticketEquipment = ticket.lines('equipment', {
  name: 'ticket_equipment',
  entity: 'TicketEquipment',
  noun: 'Equipment',
  schema: z.object({ equipment_name: text(200), equipment_number: text(100), hours: quantity(), operator: text(200), notes: text(2000) }),
  fields: [
    { name: 'equipment_name', label: 'Equipment', kind: 'text', width: 200 },
    { name: 'equipment_number', label: 'Unit #', kind: 'text', width: 90 },
    { name: 'operator', label: 'Operator', kind: 'text', width: 150 },
    { name: 'hours', label: 'Hours', kind: 'number', unit: 'h' },
    { name: 'notes', label: 'Notes', kind: 'text', width: 200 },
  ],
});

export const ticketMaterials = ticket.lines('materials', {
  name: 'ticket_materials',
  entity: 'TicketMaterial',
  noun: 'Material',
  schema: z.object({ item_code: text(100), description: text(2000), uom: text(50), qty: quantity(), price: unitPrice(), notes: text(2000) }),
  computed: (line) => ({ total_price: moneyLineTotal(line) }),
  fields: [
    { name: 'item_code', label: 'Code', kind: 'text', width: 100 },
    { name: 'description', label: 'Description', kind: 'text', width: 240 },
    { name: 'uom', label: 'UOM', kind: 'text', width: 70 },
    ...pricedColumns,
  ],
});
export const ticketMaterialFiles = ticket.linesOfLine('materials', 'files', { collection: 'ticket_materials', field: 'material' }, { name: 'ticket_material_files', entity: 'TicketMaterialFile', ...lineFileOf, schema: lineFileSchema.extend({ material: id() }) });

export const ticketExpenses = ticket.lines('expenses', {
  name: 'ticket_expenses',
  entity: 'TicketExpense',
  noun: 'Expense',
  schema: z.object({ description: text(2000), expense_date: date(), qty: quantity(), price: unitPrice(), customer_billable: flag(), we_buy: flag(), notes: text(2000) }),
  defaults: { customer_billable: false, we_buy: false },
  computed: (line) => ({ total_price: moneyLineTotal(line) }),
  fields: [
    { name: 'expense_date', label: 'Date', kind: 'date' },
    { name: 'description', label: 'Expense', kind: 'text', width: 240 },
    ...pricedColumns,
    { name: 'customer_billable', label: 'Billable', kind: 'flag' },
    { name: 'we_buy', label: 'We buy', kind: 'flag' },
  ],
});
export const ticketExpenseFiles = ticket.linesOfLine('expenses', 'files', { collection: 'ticket_expenses', field: 'expense' }, { name: 'ticket_expense_files', entity: 'TicketExpenseFile', ...lineFileOf, schema: lineFileSchema.extend({ expense: id() }) });

export const ticketTimecards = ticket.lines('timecards', {
  name: 'ticket_timecards',
  entity: 'TicketTimecard',
  noun: 'Timecard',
  schema: z.object({ employee_name: text(200), work_date: date(), start_time: text(20), end_time: text(20), hours: quantity(), billable_hours: quantity(), notes: text(2000) }),
  fields: [
    { name: 'employee_name', label: 'Employee', kind: 'text', width: 180 },
    { name: 'work_date', label: 'Date', kind: 'date' },
    { name: 'start_time', label: 'Start', kind: 'text', width: 70 },
    { name: 'end_time', label: 'End', kind: 'text', width: 70 },
    { name: 'hours', label: 'Hours', kind: 'number', unit: 'h' },
    { name: 'billable_hours', label: 'Billable hrs', kind: 'number', unit: 'h' },
    { name: 'notes', label: 'Notes', kind: 'text', width: 180 },
  ],
});
export const ticketTimecardFiles = ticket.linesOfLine('timecards', 'files', { collection: 'ticket_timecards', field: 'timecard' }, { name: 'ticket_timecard_files', entity: 'TicketTimecardFile', ...lineFileOf, schema: lineFileSchema.extend({ timecard: id() }) });

/** What the crew is paid for the ticket: each worker's hours at a rate (amount = hours × rate, when both are above 0). */
export const ticketPayroll = ticket.lines('payroll', {
  name: 'ticket_payroll',
  entity: 'TicketPayroll',
  noun: 'Payroll line',
  schema: z.object({ employee_name: text(200), crew_name: text(200), hours: quantity(), rate: unitPrice(), notes: text(2000) }),
  computed: (line) => ({ amount: moneyLineTotal({ ...line, qty: line.hours, price: line.rate }) }),
  fields: [
    { name: 'employee_name', label: 'Employee', kind: 'text', width: 180 },
    { name: 'crew_name', label: 'Crew', kind: 'text', width: 150 },
    { name: 'hours', label: 'Hours', kind: 'number', unit: 'h' },
    { name: 'rate', label: 'Rate', kind: 'money' },
    { name: 'amount', label: 'Amount', kind: 'money', readOnly: true },
  ],
});

export const ticketCustomerData = ticket.lines('customer_data', {
  name: 'ticket_customer_data',
  entity: 'TicketCustomerData',
  ...customerDataOf,
});

export const ticketNotes = ticket.notes('notes', { name: 'ticket_notes', entity: 'TicketNote' });

export const ticketDamageReports = ticket.lines('damagereports', {
  name: 'ticket_damage_reports',
  entity: 'TicketDamageReport',
  noun: 'Damage report',
  schema: z.object({ damage_report_number: text(50), damage_report_status: choice(TICKET_DAMAGE_REPORT_STATUSES), damage_date: date(), location: text(500), description: text(5000), reported_by: text(200) }),
  defaults: { damage_report_status: 'New' },
  fields: [
    { name: 'damage_report_number', label: 'Report #', kind: 'text', width: 90 },
    { name: 'damage_report_status', label: 'Status', kind: 'choice', choices: TICKET_DAMAGE_REPORT_STATUSES },
    { name: 'damage_date', label: 'Date', kind: 'date' },
    { name: 'location', label: 'Location', kind: 'text', width: 180 },
    { name: 'description', label: 'What happened', kind: 'longtext', width: 280 },
    { name: 'reported_by', label: 'Reported by', kind: 'text' },
  ],
});
export const ticketDamageReportPhotos = ticket.linesOfLine('damagereports', 'photos', { collection: 'ticket_damage_reports', field: 'damage_report' }, { name: 'ticket_damage_report_photos', entity: 'TicketDamageReportPhoto', ...photoOf, schema: photoSchema.extend({ damage_report: id() }) });

export const ticketPhotos = ticket.lines('photos', { name: 'ticket_photos', entity: 'TicketPhoto', ...photoOf });

/**
 * A signature (customer or worker): the signer's name and the drawn image (a PNG data URL from the
 * signature pad, whose bytes must be a PNG of at most 2000x1000: docs/input-bounds.md "Images"). Who signed, when and the fingerprint are the server's;
 * the signed content is what the device showed (`signed_content`) or the ticket as it stands (ticket.ts); a signature is never edited, only removed and signed again.
 */
const signature = (kind: 'customer_signatures' | 'worker_signatures', entity: string, noun: string) =>
  ticket.lines(kind, {
    name: `ticket_${kind}`,
    entity,
    noun,
    schema: z.object({
      signer_name: text(200),
      signer_title: text(200),
      // A PNG data URL whose bytes are a PNG of at most 2000x1000, read from its header (shared/images.ts).
      signature_image: imageDataUrl(SIGNATURE_IMAGE, 400_000, 'must be a drawn signature of at most 300 KB'),
    }),
    // What the signer saw, as the device showed it (a signature taken offline): ticket.ts records it.
    commandOnly: { signed_content: claimedContentField() },
    stamps: { createdBy: 'signed_by', createdDate: 'signed_at' },
    fields: [
      { name: 'signer_name', label: 'Name', kind: 'text', width: 180 },
      { name: 'signer_title', label: 'Title', kind: 'text', width: 140 },
      { name: 'signed_by', label: 'Taken by', kind: 'text', readOnly: true },
      { name: 'signed_at', label: 'Signed', kind: 'date', readOnly: true },
    ],
  });
export const ticketCustomerSignatures = signature('customer_signatures', 'TicketCustomerSignature', 'Customer signature');
export const ticketWorkerSignatures = signature('worker_signatures', 'TicketWorkerSignature', 'Worker signature');
export const SIGNATURE_COLLECTIONS = [ticketCustomerSignatures.name, ticketWorkerSignatures.name];

/** The PDF a tablet uploaded for the ticket (`ticket_pdf_from_tablet`): one is kept, a new one replaces it. */
export const ticketTabletPdfs = {
  ...ticket.files('ticket_pdf_from_tablet', { name: 'ticket_tablet_pdfs', entity: 'TicketTabletPdf' }),
  // The ticket's own `ticket_pdf_from_tablet` field is the one kept; the lines are answered as `tablet_pdfs`.
  detailKey: 'tablet_pdfs',
};

/** Every collection of a ticket. */
export const ticketCollections = [
  ticketProductions,
  ticketProductionPhotos,
  ticketItems,
  ticketEquipment,
  ticketMaterials,
  ticketMaterialFiles,
  ticketExpenses,
  ticketExpenseFiles,
  ticketTimecards,
  ticketTimecardFiles,
  ticketPayroll,
  ticketCustomerData,
  ticketNotes,
  ticketDamageReports,
  ticketDamageReportPhotos,
  ticketPhotos,
  ticketCustomerSignatures,
  ticketWorkerSignatures,
  ticketTabletPdfs,
];

/** The lines a ticket's save (PUT ticket_with_related_update) carries, by the key the old client sends them under. */
export const TICKET_RELATED = [
  { key: 'ticket_productions', collection: ticketProductions.name },
  { key: 'items', collection: ticketItems.name },
  { key: 'equipment', collection: ticketEquipment.name },
  { key: 'materials', collection: ticketMaterials.name },
  { key: 'expenses', collection: ticketExpenses.name },
  { key: 'timecards', collection: ticketTimecards.name },
  { key: 'payroll', collection: ticketPayroll.name },
  { key: 'customer_data', collection: ticketCustomerData.name },
  { key: 'notes', collection: ticketNotes.name },
  { key: 'damagereports', collection: ticketDamageReports.name },
] as const;
