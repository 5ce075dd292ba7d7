/**
 * The locates report (spec 3 section 7): one row per selected locate, soonest expiry first, rows
 * filled red under 5 days left and orange under 10 as the list colours them. Rows come from the
 * `locates` list read model (the view the list shows, with the list's own job and task titles)
 * through the domain's one rule, `locateReportRows`.
 */
import { locateReportRows, locatesReport as declared, type LocateReportSource } from '@trenchline/domain';
import { locatesList } from '@trenchline/read-model';
import { dayOfInstant } from '@trenchline/platform';
import { today, type WorkerContext } from '../../context.ts';
import { tableReport } from '../shared/builder.ts';
import { plural, selectedRows } from '../shared/source.ts';

/** The selected locates of the account (live ones only), each with its job's title and task's as the list annotates them. */
async function selectedLocates(ctx: WorkerContext, accountId: string, ids: string[], today: string, asOf?: string): Promise<LocateReportSource[]> {
  const views = (await selectedRows<{ view: Record<string, unknown> }>(ctx, 'locates', accountId, ids, ['view'], asOf)).map((r) => r.view);
  const annotated = locatesList.annotate ? await locatesList.annotate(ctx.db, accountId, views, today, asOf) : views;
  return annotated.map((v) => ({ view: v, job_title: (v.job_title as string | null) ?? null, task_title: (v.task_title as string | null) ?? null }));
}

export const locatesReport = tableReport({
  declared,
  select: (ctx, accountId, ids, asOf) => selectedLocates(ctx, accountId, ids, asOf ? dayOfInstant(asOf) : today(ctx), asOf),
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
});
