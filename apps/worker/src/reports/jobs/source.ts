/**
 * The selected jobs as the job reports read them: each job's view and lines from the job list read
 * model (`jobs`: `view` is the job as the list shows it, `state` the folded job with its lines),
 * only the account's own and live ones, in chunks so thousands of ids stay under Postgres's
 * bind-parameter limit. Rows are read by id from `view`/`state` only, so new list columns change nothing.
 */
import type { JobReportSource } from '@trenchline/domain';
import type { WorkerContext } from '../../context.ts';

const ID_CHUNK = 1000;

export async function selectedJobs(ctx: WorkerContext, accountId: string, ids: string[], o: { lines: boolean }): Promise<JobReportSource[]> {
  const jobs: JobReportSource[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    // Only the lines are taken out of `state` (its fields are in the view already).
    const q = ctx.db('jobs').where({ account_id: accountId, deleted: false }).whereIn('id', ids.slice(i, i + ID_CHUNK));
    const rows: { view: Record<string, unknown>; lines?: JobReportSource['lines'] }[] = o.lines ? await q.select('view', ctx.db.raw(`state -> 'lines' as lines`)) : await q.select('view');
    for (const r of rows) jobs.push({ view: r.view, lines: r.lines ?? {} });
  }
  return jobs;
}

/** 'Acme Fibre · generated 2026-11-22 15:00 UTC · 3 jobs' */
export async function subtitleOf(ctx: WorkerContext, accountId: string, at: string, count: string) {
  const account = await ctx.db('accounts').where({ id: accountId }).first('name');
  return `${account?.name ?? ''} · generated ${at.slice(0, 16).replace('T', ' ')} UTC · ${count}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Days-away fills as on the job list (red under 4, orange under 7), else the job's own colour. */
export const dueFill = (r: { days_colour?: unknown; colour_background?: unknown }) =>
  r.days_colour === 'red' ? 'rgba(250, 82, 82, 0.18)' : r.days_colour === 'orange' ? 'rgba(253, 126, 20, 0.18)' : ((r.colour_background as string | null) ?? null);
