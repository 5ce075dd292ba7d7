/**
 * The rows of the locates report (reports.ts), as a pure rule over what the locate list shows: each
 * selected locate's stored view (locateView) with its job's title and task (the list's annotations).
 * Locates come in the list's order: soonest expiry first, undated last; days left are today's.
 */
import { withLocateDays } from './view.ts';
import { plural, printedText as text } from '../shared/line-sections.ts';

/** One selected locate: its view as the `locates` read model holds it, and its job's and task's titles. */
export interface LocateReportSource {
  view: Record<string, unknown>;
  job_title?: string | null;
  task_title?: string | null;
}


/** The ticket chain as one cell: first ticket to current ('A > B > C'; the PDF's fonts have no arrow). */
export const chainText = (chain: unknown): string | null => (Array.isArray(chain) && chain.length ? chain.map(String).join(' > ') : null);

/** The task a locate is on: its task id and the task's title ('T-100 Pull fibre'), either alone when the other is missing. */
export const taskText = (taskId: unknown, title: unknown): string | null => [text(taskId), text(title)].filter(Boolean).join(' ') || null;

/** The locates report: each locate's ticket, dates, days left (today's), job, task, customer, crews and re-ups. */
export function locateReportRows(locates: LocateReportSource[], today: string) {
  const rows = locates
    .map((l) => ({ ...l, view: withLocateDays(l.view, today) }))
    .sort((a, b) => (a.view.locate_days_left ?? Infinity) - (b.view.locate_days_left ?? Infinity) || Number(a.view.id) - Number(b.view.id))
    .map(({ view: v, job_title, task_title }) => ({
      id: String(v.id),
      ticket_number: text(v.current_ticket_number),
      alt_ticket_number: text(v.current_alt_ticket_number),
      locate_status: text(v.locate_status),
      ticket_type: text(v.current_ticket_type),
      date_submitted: (v.current_date_submitted as string | null) ?? null,
      work_date: (v.current_work_date as string | null) ?? null,
      date_expiration: (v.current_date_expiration as string | null) ?? null,
      days_left: v.locate_days_left,
      days_colour: v.locate_days_colour,
      job_number: text(v.account_job_number),
      job_title: text(job_title),
      task: taskText(v.task_id, task_title),
      customer: text(v.customer),
      crews: text(v.crew_string),
      re_ups: Number(v.re_up_count ?? 0),
      ticket_chain: chainText(v.ticket_chain),
    }));
  const totals = {
    locates: rows.length,
    expired: rows.filter((r) => r.days_left !== null && r.days_left < 0).length,
    red: rows.filter((r) => r.days_colour === 'red' && r.days_left !== null && r.days_left >= 0).length,
    re_ups: rows.reduce((s, r) => s + r.re_ups, 0),
  };
  return { rows, totals, label: `Totals (${plural(rows.length, 'locate')})` };
}
