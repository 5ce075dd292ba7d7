/**
 * The rows of the job reports (reports.ts), as pure rules over what the job list read model holds:
 * each job's view (the same object the list and the detail show, totals by `jobTotals`, segment
 * roll-ups by `segmentTotals`) and its lines. The worker only reads and renders these rows, so a
 * report never shows a number the job screens do not.
 *
 * Jobs come in the list's order: soonest completion first (job_days_left ascending), undated last.
 */
import type { Line, LinesState } from '../shared/collections.ts';
import { jobLinesOf } from './collections.ts';
import { latestNote } from '../projects/rules.ts';
import { withJobDays } from './view.ts';
import { jobTotals, productionSegmentKeyOf, productionsOfSegment, segmentKeyOf, segmentPercentComplete, segmentTotals } from './rules.ts';
import { sumOf } from '../shared/line-figures.ts';
import { plural } from '../shared/line-sections.ts';

/** One selected job: its stored view (the `jobs` read model's `view`) and its lines (`state.lines`). */
export interface JobReportSource {
  view: Record<string, unknown>;
  lines: LinesState;
}

type Row = Record<string, unknown> & { id: string };

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
/** How the job reports read a view's text and numbers (the ORCA reports too). */
export { text as reportText, numOrNull as reportNumber };

/** The number users know a job by: its account job number, else its job number, else its id. */
export const jobNumberOf = (view: Record<string, unknown>): string => text(view.account_job_number) ?? text(view.job_number) ?? String(view.id);

/** Rows in exact cents: the sum of one money field. */
const total = (rows: Row[], field: string) => sumOf(rows as Line[], field);

/** The selected jobs with their days left for today, in the job list's order. */
function inListOrder(jobs: JobReportSource[], today: string) {
  return jobs
    .map((j) => ({ ...j, view: withJobDays(j.view, today) }))
    .sort((a, b) => (a.view.job_days_left ?? Infinity) - (b.view.job_days_left ?? Infinity) || Number(a.view.id) - Number(b.view.id));
}


// ---- ops ----------------------------------------------------------------------------------------

/** The ops report: where each job stands in the field. */
export function jobOpsRows(jobs: JobReportSource[], today: string) {
  const rows = inListOrder(jobs, today).map(({ view: v, lines }) => ({
    id: String(v.id),
    job_number: jobNumberOf(v),
    title: text(v.title),
    customer: text(v.customer),
    form_type: text(v.form_type),
    work_status: text(v.work_status),
    start_date: (v.start_date as string) ?? null,
    completion_date: (v.completion_date as string) ?? null,
    days_left: v.job_days_left,
    days_colour: v.job_days_colour,
    crews: text(v.crew_string),
    segment_percent_complete: numOrNull(v.segment_percent_complete),
    latest_note: latestNote(jobLinesOf(lines, 'job_notes')),
    colour_background: (v.colour_background as string) ?? null,
  }));
  const totals = {
    jobs: rows.length,
    overdue: rows.filter((r) => r.days_left !== null && r.days_left < 0).length,
    due_within_week: rows.filter((r) => r.days_left !== null && r.days_left >= 0 && r.days_left < 7).length,
  };
  return { rows, totals, label: `Totals (${plural(rows.length, 'job')})` };
}

// ---- management ---------------------------------------------------------------------------------

/** The management report: each job's money, straight from its view's totals; totals in exact cents. */
export function jobManagementRows(jobs: JobReportSource[], today: string) {
  const rows = inListOrder(jobs, today).map(({ view: v }) => ({
    id: String(v.id),
    job_number: jobNumberOf(v),
    title: text(v.title),
    customer: text(v.customer),
    work_status: text(v.work_status),
    days_colour: v.job_days_colour,
    colour_background: (v.colour_background as string) ?? null,
    total_po_item_amounts: numOrNull(v.total_po_item_amounts) ?? 0,
    total_change_orders: numOrNull(v.total_change_orders) ?? 0,
    total_job: numOrNull(v.total_job) ?? 0,
    total_job_invoiced_actual: numOrNull(v.total_job_invoiced_actual) ?? 0,
    total_crew_payouts: numOrNull(v.total_crew_payouts) ?? 0,
    total_gross_profit: numOrNull(v.total_gross_profit) ?? 0,
    payout_pct_of_total: numOrNull(v.payout_pct_of_total),
    estimated_payout: numOrNull(v.estimated_payout),
  }));
  const crew = total(rows, 'total_crew_payouts');
  const estimated = total(rows, 'estimated_payout');
  const totals = {
    jobs: rows.length,
    total_po_item_amounts: total(rows, 'total_po_item_amounts'),
    total_change_orders: total(rows, 'total_change_orders'),
    total_job: total(rows, 'total_job'),
    total_job_invoiced_actual: total(rows, 'total_job_invoiced_actual'),
    total_crew_payouts: crew,
    total_gross_profit: total(rows, 'total_gross_profit'),
    // The job's own rule over the selection: all crew payouts over all estimated payouts, whole.
    payout_pct_of_total: jobTotals({ items: [], changeOrders: [], invoices: [], payouts: [{ id: '0', crew_payout_amount: crew }], estimatedPayout: estimated }).payout_pct_of_total,
  };
  return { rows, totals, label: `Totals (${plural(rows.length, 'job')})` };
}

// ---- segment production -------------------------------------------------------------------------

/**
 * The segment production report: one row per segment of each job with its planned and produced feet
 * and days (the segment's `segmentTotals`), and one 'Unassigned' row per job for productions that
 * name no segment of it, so the feet add up to the job's segment_total_feet.
 */
export function segmentProductionRows(jobs: JobReportSource[], today: string) {
  const rows: Row[] = [];
  for (const { view: v, lines } of inListOrder(jobs, today)) {
    const segments = jobLinesOf(lines, 'job_segments');
    const productions = jobLinesOf(lines, 'job_productions');
    for (const s of segments) {
      const r = segmentTotals(s, productions);
      rows.push({
        id: s.id,
        job_id: String(v.id),
        job_number: jobNumberOf(v),
        title: text(v.title),
        segment_number: segmentKeyOf(s) || null,
        work_type: text(s.work_type),
        work_status: text(s.work_status),
        feet: numOrNull(s.feet),
        segment_total_feet: r.segment_total_feet,
        percent_complete: r.percent_complete,
        plan_days: numOrNull(s.plan_days),
        segment_total_days: r.segment_total_days,
        production_payouts: r.production_payouts,
        productions: productionsOfSegment(s, productions).length,
      });
    }
    const keys = new Set(segments.map(segmentKeyOf).filter(Boolean));
    const loose = productions.filter((p) => !keys.has(productionSegmentKeyOf(p)));
    if (loose.length)
      rows.push({
        id: `${v.id}-unassigned`,
        job_id: String(v.id),
        job_number: jobNumberOf(v),
        title: text(v.title),
        segment_number: 'Unassigned',
        work_type: null,
        work_status: null,
        feet: null,
        segment_total_feet: sumOf(loose, 'feet'),
        percent_complete: null,
        plan_days: null,
        segment_total_days: sumOf(loose, 'production_days'),
        production_payouts: sumOf(loose, 'crew_payout_amount'),
        productions: loose.length,
      });
  }
  const feet = total(rows, 'feet');
  const segment_total_feet = total(rows, 'segment_total_feet');
  const segments = rows.filter((r) => r.segment_number !== 'Unassigned').length;
  const totals = {
    jobs: jobs.length,
    segments,
    feet,
    segment_total_feet,
    percent_complete: segmentPercentComplete(segment_total_feet, feet),
    plan_days: total(rows, 'plan_days'),
    segment_total_days: total(rows, 'segment_total_days'),
    production_payouts: total(rows, 'production_payouts'),
    productions: rows.reduce((s, r) => s + (r.productions as number), 0),
  };
  return { rows, totals, label: `Totals (${plural(segments, 'segment')}, ${plural(jobs.length, 'job')})` };
}

// ---- crews --------------------------------------------------------------------------------------

export const NO_CREW = '(No crew)';

/**
 * The crew report: one row per crew across the selected jobs, from the jobs' crews, productions and
 * crew payout lines. Payouts follow the job's rule (`jobTotals`: a payout with no category is a crew
 * payout), so the crew rows add up to the jobs' total_crew_payouts and total_payouts. Lines that name
 * no crew are kept in a '(No crew)' row for the same reason. Names match trimmed and case-blind.
 */
export function crewRows(jobs: JobReportSource[]) {
  interface Acc { name: string; jobs: Set<string>; productions: Line[]; payouts: Line[] }
  const crews = new Map<string, Acc>();
  const crewOf = (name: unknown) => {
    const shown = text(name) ?? NO_CREW;
    const key = shown === NO_CREW ? '' : shown.replace(/\s+/g, ' ').toLowerCase();
    let acc = crews.get(key);
    if (!acc) crews.set(key, (acc = { name: shown, jobs: new Set(), productions: [], payouts: [] }));
    return acc;
  };
  const allProductions: Line[] = [];
  const allPayouts: Line[] = [];
  for (const { view, lines } of jobs) {
    const jobId = String(view.id);
    for (const c of jobLinesOf(lines, 'job_crews')) if (text(c.crew_name)) crewOf(c.crew_name).jobs.add(jobId);
    for (const p of jobLinesOf(lines, 'job_productions')) {
      const acc = crewOf(p.crew_name);
      acc.jobs.add(jobId);
      acc.productions.push(p);
      allProductions.push(p);
    }
    for (const p of jobLinesOf(lines, 'job_crew_payouts')) {
      const acc = crewOf(p.crew_name);
      acc.jobs.add(jobId);
      acc.payouts.push(p);
      allPayouts.push(p);
    }
  }
  const money = (productions: Line[], payouts: Line[]) => {
    const t = jobTotals({ items: [], changeOrders: [], invoices: [], payouts, estimatedPayout: null });
    return {
      productions: productions.length,
      feet: sumOf(productions, 'feet'),
      production_days: sumOf(productions, 'production_days'),
      production_payouts: sumOf(productions, 'crew_payout_amount'),
      crew_payouts: t.total_crew_payouts,
      materials_payouts: sumOf(payouts.filter((p) => p.category === 'Materials Payout'), 'crew_payout_amount'),
      equipment_payouts: sumOf(payouts.filter((p) => p.category === 'Equipment Payout'), 'crew_payout_amount'),
      total_payouts: t.total_payouts,
    };
  };
  const rows = [...crews.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([key, c]) => ({ id: key || 'none', crew_name: c.name, jobs: c.jobs.size, ...money(c.productions, c.payouts) }));
  const withCrews = new Set([...crews.values()].flatMap((c) => [...c.jobs]));
  // jobs: the selection; crew_jobs: those with any crew, production or payout on them.
  const totals = { crews: rows.filter((r) => r.crew_name !== NO_CREW).length, jobs: jobs.length, crew_jobs: withCrews.size, ...money(allProductions, allPayouts) };
  return { rows, totals, label: `Totals (${plural(totals.crews, 'crew')}, ${plural(jobs.length, 'job')})` };
}

// ---- work order ---------------------------------------------------------------------------------

/**
 * One work order as a document: its header (the work order and its job) and its items and materials
 * (the work order's own material lines, then the job's materials allocated to it). Null when the job
 * holds no such work order.
 */
export function workOrderDocument(job: JobReportSource, workOrderId: string) {
  const wo = jobLinesOf(job.lines, 'job_work_orders').find((l) => l.id === workOrderId);
  if (!wo) return null;
  const v = job.view;
  const mine = (l: Line) => String(l.job_work_order ?? '') === workOrderId;
  const byLine = (a: Line, b: Line) => (numOrNull(a.line_number) ?? Infinity) - (numOrNull(b.line_number) ?? Infinity) || Number(a.id) - Number(b.id);
  const items = jobLinesOf(job.lines, 'job_work_order_items')
    .filter(mine)
    .sort(byLine)
    .map((i) => ({ id: i.id, line_number: numOrNull(i.line_number), item: text(i.item), description: text(i.description), uom: text(i.uom), qty: numOrNull(i.qty), allocated: i.allocated ? 'Yes' : '' }));
  const materials = [
    ...jobLinesOf(job.lines, 'job_work_order_materials')
      .filter(mine)
      .map((m) => ({ id: m.id, item_code: text(m.item_code), description: text(m.description), uom: text(m.uom), qty: numOrNull(m.qty), status: null as string | null })),
    ...jobLinesOf(job.lines, 'job_materials')
      .filter(mine)
      .map((m) => ({ id: m.id, item_code: text(m.item_code), description: text(m.description), uom: text(m.uom), qty: numOrNull(m.qty), status: text(m.status) })),
  ];
  const place = [v.address, v.city, v.county].map(text).filter(Boolean).join(', ');
  const coordinator = [text(v.coordinator), text(v.coord_phone1), text(v.coordinator_email)].filter(Boolean).join(' · ');
  const header: { label: string; value: string | number | null; kind?: 'date' }[] = [
    { label: 'Work order #', value: text(wo.work_order_number) },
    { label: 'Job #', value: jobNumberOf(v) },
    { label: 'Job', value: text(v.title) },
    { label: 'Customer', value: text(v.customer) },
    { label: 'PO job #', value: text(v.po_job_number) },
    { label: 'Work request', value: text(v.work_req_num) },
    { label: 'Address', value: place || null },
    { label: 'Crossroads', value: text(v.crossroads) },
    { label: 'Crew', value: text(wo.crew_name) },
    { label: 'Scheduled', value: (wo.scheduled_date as string) ?? null, kind: 'date' },
    { label: 'Coordinator', value: coordinator || null },
    { label: 'Work', value: text(wo.work_description) },
  ];
  return {
    work_order_number: text(wo.work_order_number),
    job_number: jobNumberOf(v),
    header,
    items,
    materials,
    totals: { items: items.length, item_qty: sumOf(items as Line[], 'qty'), materials: materials.length, material_qty: sumOf(materials as Line[], 'qty') },
  };
}
