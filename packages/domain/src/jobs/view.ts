/** The job as clients see it (detail, list rows, dashboards, reports): one shape, one rule for every total. */
import { type Line, type LinesState, withLinesUnder } from '../shared/collections.ts';
import { pdfBundleOf } from '../shared/files.ts';
import { daysAway, dueColour } from '../shared/rules.ts';
import type { JobState } from './job.ts';
import { JOB_FIELD_NAMES } from './commands.ts';
import { jobLinesOf } from './collections.ts';
import { jobTotals, marginAgainstEstimate, percentOf, productionSegmentKeyOf, segmentKeyOf, segmentTotals } from './rules.ts';
import { jobColourBackground } from '../shared/colours.ts';
import { sumOf } from '../shared/line-figures.ts';
import { jobCibeTotals, cibeGrandTotals } from './cibe.ts';
import { TASK_LINES, taskOfLine, taskTotals } from './tasks.ts';
import { countedTicketFeet } from './ticket-production.ts';

/** The users a job is assigned to (who may write its field tickets), as ids. */
export const assignedUserIds = (state: JobState): string[] =>
  jobLinesOf(state.lines, 'job_assigned_users').map((u) => String(u.user_id)).filter((u) => u !== 'null' && u !== 'undefined');

export const jobAssignedTo = (state: JobState, userId: string) => assignedUserIds(state).includes(String(userId));

export function jobView(state: JobState, today?: string) {
  const lines = (name: string) => jobLinesOf(state.lines, name);
  const fields = Object.fromEntries(JOB_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null]));
  const productions = lines('job_productions');
  const segments = lines('job_segments').map((s) => ({ id: s.id, number: s.number ?? null, segment_number: s.segment_number ?? null, work_status: s.work_status ?? null, feet: s.feet ?? null, plan_days: s.plan_days ?? null, ...segmentTotals(s, productions) }));
  const plannedFeet = sumOf(lines('job_segments'), 'feet');
  // Approved field tickets' feet count too, on a segment or not (jobs/ticket-production.ts).
  const producedFeet = (Math.round(sumOf(productions, 'feet') * 100) + Math.round(countedTicketFeet(state) * 100)) / 100;
  const bundle = pdfBundleOf(lines('job_pdf_bundles'));
  const totals = jobTotals({ items: lines('job_items'), changeOrders: lines('job_change_orders'), invoices: lines('job_invoices'), payouts: lines('job_crew_payouts'), estimatedPayout: fields.estimated_payout });
  const view = {
    id: state.id!,
    ...fields,
    created_at: state.created_at,
    last_updated: state.last_updated,
    last_updated_by: state.last_updated_by ?? null,
    colour_background: jobColourBackground(fields.colour),
    crew_string: lines('job_crews').map((c) => c.crew_name).filter(Boolean).join(', '),
    pdf_bundle: bundle ? { id: bundle.id, file: bundle.file, file_name: bundle.file_name } : null,
    ...totals,
    ...marginAgainstEstimate(totals, fields.estimated_margin),
    segment_rollups: segments,
    // The job's segments as one: planned feet, and feet and days produced (every production), named as on a segment.
    segment_plan_feet: plannedFeet,
    segment_total_feet: producedFeet,
    segment_total_days: sumOf(productions, 'production_days'),
    segment_percent_complete: percentOf(producedFeet, plannedFeet),
    ...jobCibeTotals(Object.values(state.lines.job_cibe_items ?? {})),
    task_count: Object.keys(state.lines.job_tasks ?? {}).length,
    // Who may write its field tickets (the jobs a user may write tickets for).
    assigned_user_ids: assignedUserIds(state),
  };
  return today ? withJobDays(view, today) : view;
}

/**
 * The fields that move with the date: days to the job's completion date (red under 4, orange under 7)
 * and to its permit expiration.
 */
export function withJobDays<T extends Record<string, unknown>>(view: T, today: string) {
  const job_days_left = daysAway(view.completion_date as string | null, today);
  return { ...view, job_days_left, job_days_colour: dueColour(job_days_left), permit_days_left: daysAway(view.permit_expiration_date as string | null, today) };
}

/**
 * Lines spec 2 section 3 shows under a job line: a production's and a damage report's photos, a
 * timesheet's timecards, a work order's items and materials. They stay lines of their own too.
 */
export const LINES_UNDER_A_LINE = [
  { parent: 'job_productions', child: 'job_production_photos', field: 'production', key: 'photos' },
  { parent: 'job_damage_reports', child: 'job_damage_report_photos', field: 'damage_report', key: 'photos' },
  { parent: 'job_timesheets', child: 'job_timecards', field: 'job_timesheet', key: 'timecards' },
  { parent: 'job_work_orders', child: 'job_work_order_items', field: 'job_work_order', key: 'items' },
  { parent: 'job_work_orders', child: 'job_work_order_materials', field: 'job_work_order', key: 'materials' },
] as const;

/**
 * The job's lines as clients see them, with what a line shows but other lines decide: a segment's
 * totals (segmentTotals) and the lines under a line (LINES_UNDER_A_LINE). Computed on read, never
 * folded or stored, so a rule change applies to history too and folding a long job stays cheap.
 */
export function jobLinesAsShown(lines: LinesState, today?: string): LinesState {
  const out: LinesState = { ...lines };
  const permits = Object.values(lines.job_permits ?? {});
  if (permits.length && today) out.job_permits = Object.fromEntries(permits.map((p) => [p.id, { ...p, permit_days_left: daysAway(p.expiration_date as string | null, today) }]));
  const segments = Object.values(lines.job_segments ?? {});
  if (segments.length) {
    const byKey = groupBy(Object.values(lines.job_productions ?? {}), productionSegmentKeyOf);
    out.job_segments = Object.fromEntries(segments.map((s) => [s.id, { ...s, ...segmentTotals(s, byKey.get(segmentKeyOf(s)) ?? []) }]));
  }
  withLinesUnder(out, LINES_UNDER_A_LINE, (child) => jobLinesOf(lines, child));
  const tasks = Object.values(lines.job_tasks ?? {});
  if (tasks.length) {
    // Each collection is presented and grouped by task once, whatever the number of tasks.
    const byTask = new Map<string, Map<string, Line[]>>(TASK_LINES.map((t) => [t.collection, groupBy(jobLinesOf(out, t.collection), taskOfLine)]));
    out.job_tasks = Object.fromEntries(tasks.map((t) => [t.id, taskAsShown(t, (collection) => byTask.get(collection)?.get(t.id) ?? [], today)]));
  }
  return out;
}

/**
 * A task as clients see it (spec 2 section 3): its totals (tasks.ts taskTotals), its CIBE grand totals,
 * days to its permit expiry, and its nested lists: the job's lines that name it (TASK_LINES).
 */
function taskAsShown(task: Line, own: (collection: string) => Line[], today?: string): Line {
  const nested = Object.fromEntries(TASK_LINES.map((t) => [t.key, own(t.collection)]));
  const cibe = cibeGrandTotals(nested.job_task_cibe_items);
  return {
    ...task,
    ...taskTotals(task, { items: nested.job_task_items, changeOrders: nested.job_task_change_orders, invoices: nested.job_task_invoices, payouts: nested.job_task_crew_payouts }),
    CIBE_issued_total: cibe.issued,
    CIBE_total: cibe.built,
    CIBE_total_difference: cibe.difference,
    task_permit_days_left: today ? daysAway(task.task_permit_expiration_date as string | null, today) : null,
    ...nested,
  };
}

function groupBy(lines: Line[], key: (l: Line) => string): Map<string, Line[]> {
  const m = new Map<string, Line[]>();
  for (const l of lines) {
    const k = key(l);
    const list = m.get(k);
    if (list) list.push(l);
    else m.set(k, [l]);
  }
  return m;
}
