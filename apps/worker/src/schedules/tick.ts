/**
 * The worker's minute (job 'schedules.tick'): every schedule whose next run is due claims the latest
 * tick at or before now (a schedule missed while the worker was down runs once, for its latest tick)
 * and queues that run's delivery. The claim is the schedule's own command: a tick at or before the
 * last one claimed is refused, so two workers racing on the stream's version claim it once.
 */
import { DomainError, latestRunAt, reportScheduleRuns, runRecipients, type ReportScheduleState } from '@trenchline/domain';
import { accountTimeZone, dueSchedules, schedulesOutOfZone } from '@trenchline/read-model';
import { streamName } from '@trenchline/event-store';
import type { WorkerContext } from '../context.ts';
import { execute, loadStream } from '../records.ts';

/** Claims one schedule's latest due tick; the run's id, or null when it is not due or another worker claimed it. */
export async function claimDueTick(ctx: WorkerContext, accountId: string, scheduleId: string): Promise<string | null> {
  const { state } = await loadStream(ctx, 'report_schedule', scheduleId);
  const s = state as ReportScheduleState;
  if (!s.id || s.deleted || !s.fields.active || !s.fields.next_run_at) return null;
  const now = ctx.now();
  if (new Date(s.fields.next_run_at) > now) return null;
  // The zone its next run was reckoned in (the account's, moved by followAccountZones when it changes).
  const timeZone = s.fields.time_zone ?? (await accountTimeZone(ctx.db, accountId));
  const tick = latestRunAt(s.fields.rhythm, timeZone, now);
  const [runId] = await ctx.newLineIds(accountId, reportScheduleRuns.name, streamName('report_schedule', scheduleId), 1);
  const owner = { accountId, userId: s.fields.owner_id ?? '0', userName: `${s.fields.owner_name ?? 'Trenchline'} (report schedule)` };
  // Queued before it is claimed, as reports are: a worker dying between the two leaves a job that finds no run, never a run without its job.
  await ctx.enqueue('schedules.deliver', { accountId, scheduleId, runId }, `schedule-run-${runId}`);
  try {
    await ctx.commands.execute(owner, 'report_schedule', scheduleId, { type: 'ClaimScheduleTick', runId, tick, timeZone, recipients: runRecipients(s.fields.recipients) }, { unscoped: true });
  } catch (e) {
    // Claimed by another worker (or paused, or deleted) since it was read: nothing to send here.
    if (e instanceof DomainError && (e.code === 'conflict' || e.code === 'not_found')) return null;
    throw e;
  }
  return runId;
}

/**
 * Moves the schedules of accounts whose time zone changed to the new zone: each its own revision (time_zone and
 * next_run_at, reckoned from now in the new zone), so a pass cut short is finished by the next minute's.
 */
export async function followAccountZones(ctx: WorkerContext) {
  const moved: string[] = [];
  for (const o of await schedulesOutOfZone(ctx.db)) {
    const { state } = await loadStream(ctx, 'report_schedule', String(o.id));
    const s = state as ReportScheduleState;
    if (!s.id || s.deleted || s.fields.time_zone === o.time_zone) continue;
    const as = { accountId: String(o.account_id), userId: s.fields.owner_id ?? '0', userName: `${s.fields.owner_name ?? 'Trenchline'} (the account's time zone)` };
    try {
      await execute(ctx, 'report_schedule', s.id, { type: 'ReviseReportSchedule', values: {}, timeZone: o.time_zone }, as);
      moved.push(s.id);
    } catch (e) {
      // Deleted since it was read (or refused): the due schedules are still claimed this minute.
      if (!(e instanceof DomainError)) throw e;
    }
  }
  return moved;
}

/** One minute's pass: schedules moved to their account's zone first, then each due schedule claimed and its delivery queued; answers the runs claimed. */
export function scheduleTick(ctx: WorkerContext) {
  return async () => {
    const rezoned = await followAccountZones(ctx);
    const due = await dueSchedules(ctx.db, ctx.now());
    const queued: string[] = [];
    for (const d of due) {
      const accountId = String(d.account_id);
      const scheduleId = String(d.id);
      const runId = await claimDueTick(ctx, accountId, scheduleId);
      if (runId) queued.push(runId);
    }
    return { queued, rezoned };
  };
}
