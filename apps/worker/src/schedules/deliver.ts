/**
 * One run of a report schedule (job 'schedules.deliver'): the list's filter resolved to ids as the list
 * stands now, the report asked for as the schedule's owner (it shows in their reports) and built by the
 * report job's own code, then mailed: attached under REPORT_ATTACH_MAX_BYTES, else a signed link for
 * LINK_DAYS days, each address once per run (`sent_to`; a retry mails only the others, `not_reached` says whom
 * not and why). The queue's attempts and backoff retry a failed send; each attempt is recorded on the run
 * (retrying, then sent, or failed with the reason on the last). Webhook recipients are offered the run with a signed
 * link (topic `report_schedule.delivered`) through the webhook outbox, whose dispatcher signs, retries and logs.
 */
import type { Job } from 'bullmq';
import { bulkList, bulkReportOf, instantWords, reportDef, reportScheduleRuns, linesOfCollection, type ReportScheduleState, type ReportState } from '@trenchline/domain';
import { accountTimeZone, blobBytes, matchingIds, offerToWebhooks } from '@trenchline/read-model';
import { asOfWords, dayOfInstant, LINK_DAYS, linkSecret, signLink, type Writer } from '@trenchline/platform';
import { appUrl, type MailAttachment } from '@trenchline/platform/mail.ts';
import type { JobOf } from '@trenchline/platform/queue.ts';
import { today, type WorkerContext } from '../context.ts';
import { execute, loadStream } from '../records.ts';
import { generateReport, lastTry } from '../reports/generate.ts';

/** Files up to this size go as an attachment; larger ones as a link (10 MB unless set). */
export const attachMaxBytes = () => Number(process.env.REPORT_ATTACH_MAX_BYTES ?? 10_485_760);

/** The run's schedule and the run, waiting a moment for a claim queued just before it was appended. */
async function runOf(ctx: WorkerContext, scheduleId: string, runId: string) {
  for (let wait = 5; ; wait *= 2) {
    const { state } = await loadStream(ctx, 'report_schedule', scheduleId);
    const s = state as ReportScheduleState;
    const run = s.id ? linesOfCollection(s.lines, reportScheduleRuns).find((r) => r.id === runId) : undefined;
    if (run || wait > 1280) return { s, run };
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** A run this late is built as its list stood at its tick (as of it), not as it stands when the worker is back. */
export const LATE_RUN_MS = 2 * 60_000;

/** The instant a run reads its list as of: its tick when it runs late (the worker was down), else none (now). */
export const runAsOf = (run: Record<string, unknown>, now: Date) =>
  !run.manual && typeof run.tick === 'string' && now.getTime() - Date.parse(run.tick) > LATE_RUN_MS ? run.tick : undefined;

/** The ids the schedule's list filter matches now, or as the list stood at `asOf`. */
async function resolvedIds(ctx: WorkerContext, accountId: string, s: ReportScheduleState, asOf?: string) {
  const ids: string[] = [];
  for await (const batch of matchingIds(ctx.db, s.fields.list, accountId, s.fields.filter ?? {}, { today: asOf ? dayOfInstant(asOf) : today(ctx), asOf })) ids.push(...batch);
  return ids;
}

/** The report this run asked for, asked once (the run keeps its id): a retried delivery builds the same one. */
async function requestedReport(ctx: WorkerContext, as: Writer, s: ReportScheduleState, runId: string, run: Record<string, unknown>) {
  if (typeof run.report_id === 'string' && run.report_id) return run.report_id;
  const def = reportDef(bulkReportOf(bulkList(s.fields.list), s.fields.report) ?? '');
  if (!def) throw new Error(`${s.fields.list} has no report ${s.fields.report}`);
  const asOf = runAsOf(run, ctx.now());
  const ids = await resolvedIds(ctx, as.accountId, s, asOf);
  const reportId = await ctx.newRecordId(as.accountId, 'report');
  const label = `${def.label} (${s.fields.name})${asOf ? ` as of ${asOfWords(asOf)}` : ''}`;
  // Late, the report reads its lists as of the tick too (generate.ts passes as_of on), so ids and rows agree.
  await ctx.commands.execute(as, 'report', reportId, { type: 'RequestReport', reportId, report: def.name, label, format: s.fields.format, params: asOf ? { ids, as_of: asOf } : { ids }, file_name: def.fileName(today(ctx), s.fields.format) }, { create: true });
  await execute(ctx, 'report_schedule', s.id!, { type: 'RecordScheduleRun', runId, values: { report_id: reportId } }, as);
  return reportId;
}

/** The addresses of the run's recipients: users of the account (active ones) by their e-mail, and the outside addresses. */
async function addressesOf(ctx: WorkerContext, accountId: string, s: ReportScheduleState) {
  const users = s.fields.recipients?.users ?? [];
  const emails = users.length ? await ctx.db('users').where({ account_id: accountId, active: true }).whereRaw('id = any(?::bigint[])', [users]).pluck('email') : [];
  return [...new Set([...emails, ...(s.fields.recipients?.emails ?? [])])];
}

/** A link to the report's file that opens without a session until it expires. */
export async function signedFileLink(ctx: WorkerContext, reportId: string) {
  const expires = Math.floor(ctx.now().getTime() / 1000) + LINK_DAYS * 86_400;
  const { signature } = signLink(await linkSecret(ctx.db), `report:${reportId}`, expires);
  return { url: `${appUrl()}/api/reports/${reportId}/file/?expires=${expires}&signature=${signature}`, expires: new Date(expires * 1000).toISOString() };
}

export function deliverRun(ctx: WorkerContext) {
  return async (data: JobOf<'schedules.deliver'>, job: Job) => {
    const { s, run } = await runOf(ctx, data.scheduleId, data.runId);
    // No claim landed (another worker had the tick) or the run has ended: nothing to send.
    if (!run || run.state === 'sent' || run.state === 'failed') return { runId: data.runId, skipped: true };
    const as: Writer = { accountId: data.accountId, userId: s.fields.owner_id ?? '0', userName: `${s.fields.owner_name ?? 'Trenchline'} (report schedule)` };
    const attempt = job.attemptsMade + 1;
    // Whom this attempt reached and whom not, kept on the run with the attempt's outcome.
    let reached: { sent_to: string[]; not_reached: { to: string; error: string }[] } | Record<string, never> = {};
    try {
      const reportId = await requestedReport(ctx, as, s, data.runId, run);
      await generateReport(ctx)({ reportId, accountId: data.accountId }, job);
      const report = (await loadStream(ctx, 'report', reportId)).state as ReportState;
      if (report.state !== 'ready' || !report.file) throw new Error(report.error ?? 'the report was not built');
      const attach = report.file.size <= attachMaxBytes();
      const link = attach ? null : await signedFileLink(ctx, reportId);
      const attachments: MailAttachment[] = [];
      if (attach) {
        const content = await blobBytes(ctx.blobs, report.file.sha256);
        if (!content) throw new Error('the report file is missing from the file store');
        attachments.push({ file_name: report.file.file_name, content_type: report.file.content_type, content });
      }
      const zone = s.fields.time_zone ?? (await accountTimeZone(ctx.db, data.accountId));
      const text = [
        `${s.fields.name}: ${report.label}, ${report.rows ?? 0} rows, as the list stood on ${instantWords(report.requested_at ?? ctx.now(), zone)}.`,
        '',
        link ? `The file is larger than we attach (${report.file.size.toLocaleString('en-US')} bytes). Download it until ${instantWords(link.expires, zone)} (no sign-in needed):\n${link.url}` : `The file is attached: ${report.file.file_name}.`,
        '',
        `Sent by the report schedule "${s.fields.name}" (${s.fields.owner_name ?? 'Trenchline'}). Change or stop it in Trenchline under Reports > Schedules.`,
      ].join('\n');
      // Each address once per run: a retry mails only those an earlier attempt did not reach.
      const sentTo = Array.isArray(run.sent_to) ? run.sent_to.map(String) : [];
      const notReached: { to: string; error: string }[] = [];
      for (const to of await addressesOf(ctx, data.accountId, s)) {
        if (sentTo.includes(to)) continue;
        try {
          await ctx.mailer.send({ to, kind: 'report_schedule', subject: `Trenchline report: ${s.fields.name}`, text, attachments });
          sentTo.push(to);
        } catch (e) {
          notReached.push({ to, error: (e as Error).message.slice(0, 500) });
        }
      }
      reached = { sent_to: sentTo, not_reached: notReached };
      if (notReached.length) throw new Error(notReached.map((n) => `${n.to}: ${n.error}`).join('; '));
      const hooks = s.fields.recipients?.webhooks ?? [];
      // A webhook gets the file as a signed link; offered once per run, so a retried delivery offers nothing more.
      if (hooks.length) {
        const hookLink = link ?? (await signedFileLink(ctx, reportId));
        await offerToWebhooks(ctx.db, {
          accountId: data.accountId,
          topic: 'report_schedule.delivered',
          dedupeKey: `run:${data.runId}`,
          webhookIds: hooks,
          payload: {
            schedule: { id: s.id, name: s.fields.name, list: s.fields.list, report: s.fields.report, format: s.fields.format },
            run: { id: data.runId, tick: run.tick, manual: Boolean(run.manual), rows: report.rows ?? 0, size: report.file.size, file_name: report.file.file_name },
            link: hookLink,
          },
        });
      }
      await execute(ctx, 'report_schedule', data.scheduleId, { type: 'RecordScheduleRun', runId: data.runId, values: { state: 'sent', ...reached, rows: report.rows ?? 0, size: report.file.size, delivered_as: attach ? 'attachment' : 'link', attempts: attempt, error: null, sent_at: ctx.now().toISOString() } }, as);
      return { runId: data.runId, reportId, deliveredAs: attach ? 'attachment' : 'link' };
    } catch (e) {
      const error = (e as Error).message.slice(0, 1000);
      await execute(ctx, 'report_schedule', data.scheduleId, { type: 'RecordScheduleRun', runId: data.runId, values: { state: lastTry(job, e) ? 'failed' : 'retrying', ...reached, attempts: attempt, error } }, as).catch(() => undefined);
      throw e;
    }
  };
}
