/**
 * The locates report (spec 3 section 7): one row per selected locate, soonest expiry first, rows
 * filled red under 5 days left and orange under 10 as the list colours them. Rows come from the
 * `locates` list read model (the view the list shows, with the list's own job and task titles)
 * through the domain's one rule, `locateReportRows`.
 */
import { locateReportRows, locatesReport as declared, type LocateReportSource } from '@trenchline/domain';
import { locatesList } from '@trenchline/read-model';
import { today, type WorkerContext } from '../../context.ts';
import { tableReport } from '../shared/builder.ts';
import { dueFill, plural, selectedRows } from '../shared/source.ts';

/** The selected locates of the account (live ones only), each with its job's title and task's as the list annotates them. */
async function selectedLocates(ctx: WorkerContext, accountId: string, ids: string[], today: string): Promise<LocateReportSource[]> {
  const views = (await selectedRows<{ view: Record<string, unknown> }>(ctx, 'locates', accountId, ids, ['view'])).map((r) => r.view);
  const annotated = locatesList.annotate ? await locatesList.annotate(ctx.db, accountId, views, today) : views;
  return annotated.map((v) => ({ view: v, job_title: (v.job_title as string | null) ?? null, task_title: (v.task_title as string | null) ?? null }));
}

export const locatesReport = tableReport({
  declared,
  select: (ctx, accountId, ids) => selectedLocates(ctx, accountId, ids, today(ctx)),
  // Widths share the PDF's landscape page: a date's column fits MM/DD/YYYY on one line.
  columns: [
    { key: 'ticket_number', label: 'Ticket #', kind: 'text', width: 11 },
    { key: 'alt_ticket_number', label: 'Alt #', kind: 'text', width: 9 },
    { key: 'locate_status', label: 'Status', kind: 'text', width: 8 },
    { key: 'ticket_type', label: 'Ticket type', kind: 'text', width: 8 },
    { key: 'date_submitted', label: 'Submitted', kind: 'date', width: 11 },
    { key: 'work_date', label: 'Work date', kind: 'date', width: 11 },
    { key: 'date_expiration', label: 'Expiration', kind: 'date', width: 11 },
    { key: 'days_left', label: 'Days left', kind: 'number', width: 6 },
    { key: 'job_number', label: 'Job #', kind: 'text', width: 7 },
    { key: 'job_title', label: 'Job', kind: 'text', width: 14 },
    { key: 'task', label: 'Task', kind: 'text', width: 11 },
    { key: 'customer', label: 'Customer', kind: 'text', width: 10 },
    { key: 'crews', label: 'Crews', kind: 'text', width: 12 },
    { key: 're_ups', label: 'Re-ups', kind: 'number', width: 5 },
    { key: 'ticket_chain', label: 'Ticket chain', kind: 'longtext', width: 16 },
  ],
  table(selected, day) {
    const { rows, totals, label } = locateReportRows(selected, day);
    return {
      rows,
      count: plural(rows.length, 'locate'),
      totals: {
        ticket_number: label,
        locate_status: totals.expired ? `${totals.expired} expired` : '',
        job_title: totals.red ? `${totals.red} due within 5 days` : '',
        re_ups: totals.re_ups,
      },
    };
  },
  rowColour: dueFill,
});
