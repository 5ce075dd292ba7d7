/**
 * The base job's collections (spec 2 sections 3 and 7), each declared once: items, change orders,
 * payouts, photos and files, damage reports, timesheets and timecards, notes, links, crews, assigned
 * users, invoices, segments and productions, materials, work orders and their lines, IWAs. An ORCA
 * job has these too, and its tasks (tasks.ts), CIBE lines (cibe.ts) and permits (permits.ts).
 */
import { z } from 'zod';
import { photoOf, photoSchema } from '../shared/standard-collections.ts';
import { recordLines } from '../shared/record-lines.ts';
import { choice, date, flag, id, money, percent, quantity, ref, text, unitPrice } from '../shared/fields.ts';
import { ARTICLE_DESCRIPTIONS, BASE_INVOICE_STATUSES, BASE_MATERIAL_STATUSES, INVOICE_STATUSES, MATERIAL_STATUSES, BASE_WORK_STATUSES, CHANGE_ORDER_STATUSES, DAMAGE_REPORT_STATUSES, IWA_DEFAULT_FORM_TYPE, JOB_FORM_TYPES, LINK_STATUSES, NEW_INVOICE_STATUS, NEW_MATERIAL_STATUS, PAYOUT_CATEGORIES, PAYOUT_CATEGORY_SHORT, PAYOUT_STATUSES } from './rules.ts';
import { PRODUCTION_WORK_TYPES, WORK_TYPE_MAX_LENGTH, formTypeOfWorkType } from '../shared/work-types.ts';
import { lineTotal, pricedColumns } from '../shared/line-figures.ts';
import { jobLines, lineLines } from './lines.ts';
import { taskScoped } from './tasks.ts';

/** The job's notes and files, at /jobs/{id}/{kind}/ and /jobs/{kind}/{id} as its other lines (jobLines). */
const job = recordLines({ aggregate: 'job', base: '/jobs' });

export const jobItems = taskScoped(jobLines('items', {
  name: 'job_items',
  entity: 'JobItem',
  noun: 'Item',
  schema: z.object({
    item: text(500),
    item_code: text(100),
    col1: text(500),
    col2: text(100),
    col3: text(100),
    col4: text(100),
    col5: text(100),
    col6: text(100),
    job_percent: percent(),
    description: text(2000),
    uom: text(50),
    provisions: text(2000),
    qty: quantity(),
    price: unitPrice(),
    line_number: quantity(),
    assigned_to_work_order: flag(),
    modified_from_bid_sheet: flag(),
  }),
  defaults: { modified_from_bid_sheet: false, assigned_to_work_order: false },
  computed: (line) => ({ total_price: lineTotal(line) }),
  fields: [
    { name: 'item', label: 'Item', kind: 'text', width: 180 },
    { name: 'col1', label: 'Job # / description', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'text', choices: ARTICLE_DESCRIPTIONS, width: 220 },
    { name: 'job_percent', label: 'Job %', kind: 'percent' },
    { name: 'col4', label: 'FRC', kind: 'text' },
    { name: 'col6', label: 'VD', kind: 'text' },
    { name: 'uom', label: 'UOM', kind: 'text' },
    ...pricedColumns,
    { name: 'assigned_to_work_order', label: 'On W/O', kind: 'flag' },
  ],
}));

/** A change order line has the fields of a job item (spec 2 section 3: "job item / task item / change order line") and its C/O number and status. */
export const jobChangeOrders = taskScoped(jobLines('change_orders', {
  name: 'job_change_orders',
  entity: 'JobChangeOrder',
  noun: 'Change order',
  schema: z.object({
    co_number: text(50),
    item: text(500),
    item_code: text(100),
    col1: text(500),
    col2: text(100),
    col3: text(100),
    description: text(2000),
    uom: text(50),
    provisions: text(2000),
    qty: quantity(),
    price: unitPrice(),
    status: choice(CHANGE_ORDER_STATUSES),
    assigned_to_work_order: flag(),
    line_number: quantity(),
  }),
  defaults: { status: 'Needs C/O', assigned_to_work_order: false },
  computed: (line) => ({ total_price: lineTotal(line) }),
  fields: [
    { name: 'co_number', label: 'C/O #', kind: 'text', width: 80 },
    { name: 'item_code', label: 'Code', kind: 'text', width: 90 },
    { name: 'description', label: 'Description', kind: 'text', choices: ARTICLE_DESCRIPTIONS, width: 240 },
    { name: 'uom', label: 'UOM', kind: 'text', width: 60 },
    ...pricedColumns,
    { name: 'status', label: 'Status', kind: 'choice', choices: CHANGE_ORDER_STATUSES, width: 130 },
  ],
}));

export const jobCrewPayouts = taskScoped(jobLines('crew_payouts', {
  name: 'job_crew_payouts',
  entity: 'JobCrewPayout',
  noun: 'Crew payout',
  schema: z.object({
    crew_name: text(200),
    category: choice(PAYOUT_CATEGORIES, { aliases: PAYOUT_CATEGORY_SHORT }),
    /** A back-charge to a crew is a negative payout. */
    crew_payout_amount: money({ credit: true }),
    status: choice(PAYOUT_STATUSES),
    paid_date: date(),
    notes: text(2000),
  }),
  defaults: { category: 'Crew Payout', status: 'Not Paid' },
  fields: [
    { name: 'crew_name', label: 'Crew', kind: 'text', width: 160 },
    { name: 'category', label: 'Category', kind: 'choice', choices: PAYOUT_CATEGORIES, width: 150 },
    { name: 'crew_payout_amount', label: 'Amount', kind: 'money' },
    { name: 'status', label: 'Status', kind: 'choice', choices: PAYOUT_STATUSES, width: 170 },
    { name: 'paid_date', label: 'Paid', kind: 'date' },
    { name: 'notes', label: 'Notes', kind: 'text', width: 200 },
  ],
}));

export const jobPhotos = jobLines('files', { name: 'job_photos', entity: 'JobPhoto', itemKind: 'photos', ...photoOf });

export const jobGeneralFiles = job.files('general_files', { name: 'job_general_files', entity: 'JobGeneralFile' });

/** One PDF bundle per job: a new one replaces the old (the job decider keeps one). */
export const jobPdfBundles = job.files('pdf_bundles', { name: 'job_pdf_bundles', entity: 'JobPdfBundle' });

export const jobDamageReports = taskScoped(jobLines('damagereports', {
  name: 'job_damage_reports',
  entity: 'JobDamageReport',
  noun: 'Damage report',
  schema: z.object({
    damage_report_number: text(50),
    damage_date: date(),
    location: text(500),
    description: text(5000),
    status: choice(DAMAGE_REPORT_STATUSES),
    reported_by: text(200),
  }),
  defaults: { status: 'New' },
  fields: [
    { name: 'damage_report_number', label: 'Report #', kind: 'text', width: 90 },
    { name: 'damage_date', label: 'Date', kind: 'date' },
    { name: 'location', label: 'Location', kind: 'text', width: 180 },
    { name: 'description', label: 'What happened', kind: 'longtext', width: 280 },
    { name: 'status', label: 'Status', kind: 'choice', choices: DAMAGE_REPORT_STATUSES },
    { name: 'reported_by', label: 'Reported by', kind: 'text' },
  ],
}));

export const jobDamageReportPhotos = lineLines('damagereports', 'damage_report_photos', { collection: 'job_damage_reports', field: 'damage_report' }, { name: 'job_damage_report_photos', entity: 'JobDamageReportPhoto', ...photoOf, schema: photoSchema.extend({ damage_report: id() }) });

export const jobTimesheets = taskScoped(jobLines('timesheets', {
  name: 'job_timesheets',
  entity: 'JobTimesheet',
  noun: 'Timesheet',
  schema: z.object({
    timesheet_number: text(50),
    week_ending: date(),
    crew_name: text(200),
    notes: text(2000),
  }),
  fields: [
    { name: 'timesheet_number', label: 'Timesheet #', kind: 'text', width: 100 },
    { name: 'week_ending', label: 'Week ending', kind: 'date' },
    { name: 'crew_name', label: 'Crew', kind: 'text', width: 160 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 240 },
  ],
}));

// Spec 2 section 7 lists timecards among the kinds of /jobs/{id}/{kind}/ too.
export const jobTimecards = lineLines('timesheets', 'timecards', { collection: 'job_timesheets', field: 'job_timesheet' }, {
  underRecord: true,
  name: 'job_timecards',
  entity: 'JobTimecard',
  noun: 'Timecard',
  schema: z.object({
    job_timesheet: id(),
    timecard_number: text(50),
    worker_name: text(200),
    work_date: date(),
    hours: quantity(),
    notes: text(2000),
  }),
  fields: [
    { name: 'timecard_number', label: 'Timecard #', kind: 'text', width: 90 },
    { name: 'worker_name', label: 'Worker', kind: 'text', width: 160 },
    { name: 'work_date', label: 'Date', kind: 'date' },
    { name: 'hours', label: 'Hours', kind: 'number', unit: 'h' },
    { name: 'notes', label: 'Notes', kind: 'text', width: 200 },
  ],
});

export const jobNotes = taskScoped(job.notes('notes', { name: 'job_notes', entity: 'JobNote' }));

export const jobLinks = taskScoped(jobLines('links', {
  name: 'job_links',
  entity: 'JobLink',
  noun: 'Link',
  schema: z.object({ title: text(300), url: z.url({ message: 'must be a web address' }).max(2000).nullable().optional(), status: choice(LINK_STATUSES) }),
  defaults: { status: 'Need' },
  fields: [
    { name: 'title', label: 'Title', kind: 'text', width: 200 },
    { name: 'url', label: 'Address', kind: 'text', width: 320 },
    { name: 'status', label: 'Status', kind: 'choice', choices: LINK_STATUSES },
  ],
}));

/** A crew on the job; the API checks the name against Settings > Crews ('Please enter a Crew name'). */
export const jobCrews = taskScoped(jobLines('crews', {
  name: 'job_crews',
  entity: 'JobCrew',
  noun: 'Crew',
  schema: z.object({ crew: ref({ record: 'crew' }), crew_name: text(200), segment_ref: ref({ line: 'job_segments' }), segment_number: text(50) }),
  fields: [
    { name: 'crew_name', label: 'Crew', kind: 'text', width: 200 },
    { name: 'segment_number', label: 'Segment', kind: 'text', width: 90 },
  ],
}));

/** A user assigned to the job, by email (matched by last name in the picker). */
export const jobAssignedUsers = jobLines('assign_users', {
  name: 'job_assigned_users',
  entity: 'JobUserAssignment',
  noun: 'Assigned user',
  schema: z.object({ user_id: id(), email: text(200), display_name: text(200), last_name: text(200) }),
  // Assigned by e-mail from the account's users (POST assign_users); a PUT never repoints it.
  setByServer: ['user_id', 'email', 'display_name', 'last_name'],
  fields: [
    { name: 'display_name', label: 'User', kind: 'text', readOnly: true, width: 200 },
    { name: 'email', label: 'Email', kind: 'text', readOnly: true, width: 220 },
  ],
});

export const jobInvoices = taskScoped(jobLines('invoices', {
  name: 'job_invoices',
  entity: 'JobInvoice',
  noun: 'Invoice',
  // A credit note is an invoice with a negative amount.
  schema: z.object({ invoice_number: text(50), invoice_date: date(), invoice_amount: money({ credit: true }), status: choice(INVOICE_STATUSES), notes: text(2000) }),
  defaults: { status: NEW_INVOICE_STATUS },
  // The billing dashboard shows how long each invoice has stood in its status.
  stamped: ['status'],
  fields: [
    { name: 'invoice_number', label: 'Invoice #', kind: 'text', width: 100 },
    { name: 'invoice_date', label: 'Date', kind: 'date' },
    { name: 'invoice_amount', label: 'Amount', kind: 'money' },
    { name: 'status', label: 'Status', kind: 'choice', choices: BASE_INVOICE_STATUSES },
    { name: 'notes', label: 'Notes', kind: 'text', width: 220 },
  ],
}));

/**
 * A segment of the job. Its totals and percentages (segmentTotals) come from the productions that name
 * its segment_number: the job's fold keeps them on the line, and a client's values for them are ignored.
 */
export const jobSegments = jobLines('segments', {
  name: 'job_segments',
  entity: 'JobSegment',
  noun: 'Segment',
  schema: z.object({
    number: quantity(),
    segment_number: text(50),
    work_status: choice(BASE_WORK_STATUSES),
    work_type: text(WORK_TYPE_MAX_LENGTH),
    from_location: text(300),
    to_location: text(300),
    feet: quantity(),
    plan_days: quantity(),
    segment_po_amount: money(),
    estimate_total_labor: money(),
  }),
  defaults: { work_status: 'New' },
  // Approved tickets' feet (ticket_feet, the server's) count into the actuals (jobs/ticket-production.ts).
  ruleEvents: ['SegmentFeetCounted'],
  fields: [
    { name: 'number', label: '#', kind: 'number', width: 50 },
    { name: 'segment_number', label: 'Segment', kind: 'text', width: 80 },
    { name: 'work_status', label: 'Status', kind: 'choice', choices: BASE_WORK_STATUSES, width: 120 },
    { name: 'work_type', label: 'Work type', kind: 'text', choices: PRODUCTION_WORK_TYPES, width: 140 },
    { name: 'from_location', label: 'From', kind: 'text' },
    { name: 'to_location', label: 'To', kind: 'text' },
    { name: 'feet', label: 'Planned ft', kind: 'number', unit: 'ft' },
    { name: 'plan_days', label: 'Plan days', kind: 'number' },
    { name: 'segment_po_amount', label: 'PO amount', kind: 'money' },
    { name: 'estimate_total_labor', label: 'Est. labor', kind: 'money' },
    { name: 'segment_total_feet', label: 'Actual ft', kind: 'number', unit: 'ft', readOnly: true },
    { name: 'ticket_feet', label: 'From tickets', kind: 'number', unit: 'ft', readOnly: true },
    { name: 'segment_total_days', label: 'Actual days', kind: 'number', readOnly: true },
    { name: 'percent_complete', label: '% complete', kind: 'percent', readOnly: true },
    { name: 'percent_days_used', label: '% days used', kind: 'percent', readOnly: true },
    { name: 'percent_labor_used', label: '% labor used', kind: 'percent', readOnly: true },
  ],
});

/** A production: work_type is free text offered with the spec's list; form_type follows from it and is never taken from a client. */
export const jobProductions = jobLines('productions', {
  name: 'job_productions',
  entity: 'JobProduction',
  noun: 'Production',
  schema: z.object({
    segment_number: text(50),
    work_date: date(),
    work_type: text(WORK_TYPE_MAX_LENGTH),
    crew_name: text(200),
    feet: quantity(),
    production_days: quantity(),
    crew_payout_amount: money(),
    notes: text(2000),
  }),
  computed: (line) => ({ form_type: formTypeOfWorkType(line.work_type) }),
  fields: [
    { name: 'segment_number', label: 'Segment', kind: 'text', width: 80 },
    { name: 'work_date', label: 'Date', kind: 'date' },
    { name: 'work_type', label: 'Work type', kind: 'text', choices: PRODUCTION_WORK_TYPES, width: 140 },
    { name: 'form_type', label: 'Form', kind: 'text', readOnly: true, width: 90 },
    { name: 'crew_name', label: 'Crew', kind: 'text' },
    { name: 'feet', label: 'Feet', kind: 'number', unit: 'ft' },
    { name: 'production_days', label: 'Days', kind: 'number' },
    { name: 'crew_payout_amount', label: 'Payout', kind: 'money' },
    { name: 'notes', label: 'Notes', kind: 'text', width: 200 },
  ],
});

export const jobProductionPhotos = lineLines('productions', 'photos', { collection: 'job_productions', field: 'production' }, { name: 'job_production_photos', entity: 'JobProductionPhoto', ...photoOf, schema: photoSchema.extend({ production: id() }) });

export const jobMaterials = taskScoped(jobLines('materials', {
  name: 'job_materials',
  entity: 'JobMaterial',
  noun: 'Material',
  schema: z.object({
    materials_line_number: quantity(),
    item_code: text(100),
    description: text(2000),
    uom: text(50),
    qty: quantity(),
    price: unitPrice(),
    cost: unitPrice(),
    customer_billable: flag(),
    we_buy: flag(),
    status: choice(MATERIAL_STATUSES),
    allocated: flag(),
    job_work_order: ref({ line: 'job_work_orders' }),
  }),
  defaults: { status: NEW_MATERIAL_STATUS, customer_billable: false, we_buy: false, allocated: false },
  computed: (line) => ({ total_price: lineTotal(line), total_cost: lineTotal(line, 'qty', 'cost') }),
  fields: [
    { name: 'materials_line_number', label: 'Line', kind: 'number' },
    { name: 'item_code', label: 'Code', kind: 'text', width: 90 },
    { name: 'description', label: 'Description', kind: 'text', width: 220 },
    { name: 'uom', label: 'UOM', kind: 'text', width: 60 },
    ...pricedColumns,
    { name: 'cost', label: 'Cost', kind: 'money' },
    { name: 'total_cost', label: 'Total cost', kind: 'money', readOnly: true },
    { name: 'customer_billable', label: 'Billable', kind: 'flag' },
    { name: 'we_buy', label: 'We buy', kind: 'flag' },
    { name: 'status', label: 'Status', kind: 'choice', choices: BASE_MATERIAL_STATUSES, width: 130 },
  ],
}));

export const jobWorkOrders = jobLines('work_orders', {
  name: 'job_work_orders',
  entity: 'JobWorkOrder',
  noun: 'Work Order',
  schema: z.object({
    line_number: quantity(),
    work_order_number: text(50),
    work_description: text(5000),
    crew_name: text(200),
    crew_ref: ref({ record: 'crew' }),
    scheduled_date: date(),
  }),
  fields: [
    { name: 'work_order_number', label: 'W/O #', kind: 'text', width: 90 },
    { name: 'work_description', label: 'Work', kind: 'longtext', choices: ARTICLE_DESCRIPTIONS, width: 300 },
    { name: 'crew_name', label: 'Crew', kind: 'text', width: 160 },
    { name: 'scheduled_date', label: 'Scheduled', kind: 'date' },
  ],
});

export const jobWorkOrderItems = lineLines('work_orders', 'items', { collection: 'job_work_orders', field: 'job_work_order' }, {
  name: 'job_work_order_items',
  entity: 'JobWorkOrderItem',
  noun: 'Work order item',
  schema: z.object({
    job_work_order: id(),
    job_item_ref: ref({ line: 'job_items' }),
    allocated: flag(),
    item: text(500),
    description: text(2000),
    uom: text(50),
    qty: quantity(),
    line_number: quantity(),
  }),
  defaults: { allocated: false },
  fields: [
    { name: 'line_number', label: 'Line', kind: 'number' },
    { name: 'item', label: 'Item', kind: 'text', width: 160 },
    { name: 'description', label: 'Description', kind: 'text', choices: ARTICLE_DESCRIPTIONS, width: 240 },
    { name: 'uom', label: 'UOM', kind: 'text', width: 60 },
    { name: 'qty', label: 'Qty', kind: 'number' },
  ],
});

export const jobWorkOrderMaterials = lineLines('work_orders', 'materials', { collection: 'job_work_orders', field: 'job_work_order' }, {
  name: 'job_work_order_materials',
  entity: 'JobWorkOrderMaterial',
  noun: 'Work order material',
  schema: z.object({ job_work_order: id(), item_code: text(100), description: text(2000), uom: text(50), qty: quantity() }),
  fields: [
    { name: 'item_code', label: 'Code', kind: 'text', width: 90 },
    { name: 'description', label: 'Description', kind: 'text', width: 240 },
    { name: 'uom', label: 'UOM', kind: 'text', width: 60 },
    { name: 'qty', label: 'Qty', kind: 'number' },
  ],
});

export const jobIwas = taskScoped(jobLines('iwas', {
  name: 'job_iwas',
  entity: 'JobIwa',
  noun: 'IWA',
  schema: z.object({ form_type: choice(JOB_FORM_TYPES), verb: text(200), po_string1: text(500), final_string: text(2000) }),
  defaults: { form_type: IWA_DEFAULT_FORM_TYPE },
  fields: [
    { name: 'form_type', label: 'Form', kind: 'choice', choices: JOB_FORM_TYPES, width: 100 },
    { name: 'verb', label: 'Verb', kind: 'text', width: 140 },
    { name: 'po_string1', label: 'PO string', kind: 'text', width: 220 },
    { name: 'final_string', label: 'Final text', kind: 'longtext', width: 320 },
  ],
}));

/** The base job's collections, in the order the job's routes list them. */
export const baseJobCollections = [
  jobItems, jobChangeOrders, jobCrewPayouts, jobPhotos, jobGeneralFiles, jobPdfBundles, jobDamageReports, jobDamageReportPhotos,
  jobTimesheets, jobTimecards, jobNotes, jobLinks, jobCrews, jobAssignedUsers, jobInvoices, jobSegments, jobProductions,
  jobProductionPhotos, jobMaterials, jobWorkOrders, jobWorkOrderItems, jobWorkOrderMaterials, jobIwas,
];
