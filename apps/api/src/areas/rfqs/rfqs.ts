/**
 * What the RFQ calls do beyond the generic record routes (docs/rfqs.md): a new RFQ's date checks,
 * edits, and the job a won RFQ makes (RfqJobMade on the RFQ, then the job created from it
 * under that id: a retry after a crash between the two finishes the job, never makes a second).
 */
import { aggregateDef, checkDateOrder, jobFromRfq, jobFields, RFQ_DATE_ORDER, rfqFields, type JobState, type RfqState } from '@trenchline/domain';
import type { Command } from '@trenchline/platform';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { newLineIds, newRecordId } from '../../platform/ids.ts';
import { commandsOf, executeCommand, loadRecord } from '../../platform/records.ts';
import { RECORD_FIELDS, type RecordRoutesOptions } from '../../platform/record-routes.ts';
import { withJobNumber } from '../jobs/jobs.ts';

/**
 * The RFQ as a record: a new one is New, dated today unless sent, numbered by the rfq counter (the rfq
 * aggregate's `number`: spent only on a valid request).
 */
export const rfqRecord: RecordRoutesOptions = {
  aggregate: 'rfq',
  base: '/rfqs/:id',
  fields: rfqFields,
  create: {
    path: '/rfqs',
    summary: 'Create an RFQ {form_type, rfq_status, account_rfq_number (ignored), rfq_date, ...}: New unless sent, dated today unless sent, numbered by the rfq counter',
    command: (rfqId, values, { today }) => ({ type: 'CreateRfq', rfqId, values, today }),
    prepare: (_ctx, _actor, body) => {
      const values = rfqFields.parse(body);
      // The decider checks the PO dates again; checked here first, a refused RFQ spends no number.
      checkDateOrder({}, values, RFQ_DATE_ORDER);
      return values;
    },
    withLines: true,
  },
};

/** An edit of the RFQ's fields (the whole RFQ may come back), merged by field. */
export const saveRfq = (ctx: ApiContext, actor: Actor, id: string, body: Record<string, unknown>, base?: number) =>
  executeCommand<RfqState>(ctx, actor, 'rfq', id, { part: RECORD_FIELDS, values: body, base, command: (v) => ({ type: 'ReviseRfq', values: v }) });

/**
 * The job of a won RFQ (POST /api/rfqs/{id}/make_job/): the RFQ records the job's id first (refused,
 * before any number or id is spent, unless Won and without a job), then the job is created with its
 * segments and items in one write. A crash between the two leaves the RFQ naming a job not made yet:
 * the next call makes it under that id. Answers the job's id and number.
 */
export async function makeJobFromRfq(ctx: ApiContext, actor: Actor, rfqId: string) {
  const loaded = await loadRecord<RfqState>(ctx, actor, 'rfq', rfqId);
  const named = loaded.state.fields.job_ref ? String(loaded.state.fields.job_ref) : null;
  let jobId: string;
  let rfq: RfqState;
  if (named && !(await commandsOf(ctx).read<JobState>('job', named)).state.id) {
    jobId = named;
    rfq = loaded.state;
  } else {
    aggregateDef('rfq').decider.decide({ type: 'MakeJobFromRfq', jobId: '' } as { type: string }, loaded.state, { accountId: actor.accountId, userId: actor.userId, userName: actor.userName, at: ctx.now().toISOString() });
    jobId = await newRecordId(ctx, actor.accountId, 'job');
    rfq = (await executeCommand<RfqState>(ctx, actor, 'rfq', rfqId, { type: 'MakeJobFromRfq', jobId })).state;
  }
  const { job, segments, items } = jobFromRfq(rfq);
  const segIds = segments.length ? await newLineIds(ctx, actor.accountId, 'job_segments', 'job', jobId, segments.length) : [];
  const itemIds = items.length ? await newLineIds(ctx, actor.accountId, 'job_items', 'job', jobId, items.length) : [];
  // The job counter's next number, one no job holds (jobs.ts withJobNumber).
  const r = await withJobNumber(ctx, actor, null, (account_job_number) => {
    const commands: Command[] = [
      { type: 'CreateJob', jobId, values: jobFields.parse({ archived: false, work_status: 'New', ...job, account_job_number }) },
      ...segments.map((values, n) => ({ type: 'AddLine', collection: 'job_segments', lineId: segIds[n], values })),
      ...items.map((values, n) => ({ type: 'AddLine', collection: 'job_items', lineId: itemIds[n], values })),
    ];
    return executeCommand<JobState>(ctx, actor, 'job', jobId, commands, { create: true });
  });
  return { job_id: r.id, account_job_number: String(r.state.fields.account_job_number), rfq_id: rfqId, version: r.version, position: r.position };
}
