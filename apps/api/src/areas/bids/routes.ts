/** Bid calls of spec 1 section 7 (the generic record and collection routes come from recordRoutes). */
import { z } from 'zod';
import { aggregates, bidFields, jobView, type BidState, type JobState } from '@trenchline/domain';
import { defineRoutes } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { executeCommand, loadRecord, writeReply } from '../../platform/records.ts';
import { newLineIds, newRecordId } from '../../platform/ids.ts';
import { today, type ApiContext, type Actor } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { listRecords, listRoute } from '../../platform/lists.ts';
import type { Knex } from 'knex';
import { withJobNumber } from '../jobs/jobs.ts';

const bid = aggregates.bid;

const awardQuery = z.object({
  supplier_code: z.string().trim().min(1, 'is required').max(100),
  work_request: z.string().trim().min(1, 'is required').max(100),
});

/** Bid list rows, soonest due first (bid_days_away ascending), bids without a due date last. */
const listRows = (ctx: ApiContext, actor: Actor, narrow: (q: Knex.QueryBuilder) => void) =>
  listRecords(ctx, actor, 'bid', (q) => {
    narrow(q);
    q.orderByRaw('bid_due_date asc nulls last, id asc');
  });

async function findOne(ctx: ApiContext, actor: Actor, column: 'supplier_code' | 'work_request', value: string) {
  const [row] = await listRows(ctx, actor, (q) => q.where(column, value).orderBy('archived', 'asc').limit(1));
  if (!row) throw new HttpError(404, 'not_found', `No bid with ${column.replace('_', ' ')} ${value}`);
  return row;
}

async function awardBid(ctx: ApiContext, actor: Actor, query: z.infer<typeof awardQuery>) {
  const [row] = await listRows(ctx, actor, (q) => q.where({ supplier_code: query.supplier_code, work_request: query.work_request }).limit(1));
  if (!row) throw new HttpError(404, 'not_found', `No bid with supplier code ${query.supplier_code} and work request ${query.work_request}`);
  const r = await executeCommand<BidState>(ctx, actor, 'bid', row.id as string, { type: 'AwardBid' });
  const answer = writeReply(bid.view(r.state, today(ctx)), r.version, r.position);
  return { ...answer, body: { message: 'Bid Awarded Successfully.', bid: answer.body, position: r.position } };
}

export const bidRoutes = defineRoutes('bids', [
  listRoute({ path: '/bids', list: 'bids', summary: 'Bid list (?archived=f active, t archived; ?market=A|B|N|P|SW; ?q= free text), by bid_days_away' }),
  {
    method: 'get',
    path: '/bids/supplier_code/:code',
    ids: { code: null },
    summary: 'Find a bid by supplier code',
    readsLists: ['bids'],
    handle: ({ actor, params }, ctx) => findOne(ctx, actor, 'supplier_code', params.code),
  },
  {
    method: 'get',
    path: '/bids/work_request/:wr',
    ids: { wr: null },
    summary: 'Find a bid by work request',
    readsLists: ['bids'],
    handle: ({ actor, params }, ctx) => findOne(ctx, actor, 'work_request', params.wr),
  },
  {
    method: 'post',
    path: '/bids/award_bid',
    summary: 'Award the bid with this supplier code and work request (event BidAwarded)',
    query: awardQuery,
    readsLists: ['bids'],
    handle: ({ actor, query }, ctx) => awardBid(ctx, actor, query),
  },
  {
    // The old client awards with a GET; kept so it keeps working, with the CSRF token a POST needs.
    method: 'get',
    path: '/bids/award_bid',
    summary: 'Award a bid (the old client\'s GET form of POST /bids/award_bid; needs X-CSRFToken like a POST)',
    writes: true,
    query: awardQuery,
    readsLists: ['bids'],
    handle: ({ actor, query }, ctx) => awardBid(ctx, actor, query),
  },
  {
    method: 'post',
    path: '/bids/:id/create_job',
    summary: 'Create a job from a bid, its items mapped as spec 1 section 3 says, in one event (JobCreatedFromBid); its account_job_number is the job counter\'s next number',
    handle: async ({ actor, params }, ctx) => {
      const loaded = await loadRecord<BidState>(ctx, actor, 'bid', params.id);
      const jobId = await newRecordId(ctx, actor.accountId, 'job');
      const itemCount = Object.keys(loaded.state.lines.bid_items ?? {}).length;
      const itemIds = await newLineIds(ctx, actor.accountId, 'job_items', 'job', jobId, itemCount);
      // The job's account_job_number is the job counter's next number, as for any new job (one no job holds).
      const r = await withJobNumber(ctx, actor, null, (account_job_number) =>
        executeCommand<JobState>(ctx, actor, 'job', jobId, { type: 'CreateJobFromBid', jobId, bid: loaded.state, itemIds, values: { account_job_number } }, { create: true }),
      );
      const answer = writeReply(jobView(r.state), r.version, r.position, 201);
      return { ...answer, body: { id: jobId, job: answer.body, version: r.version, position: r.position } };
    },
  },
  ...recordRoutes({
    aggregate: 'bid',
    base: '/bids/:id',
    fields: bidFields,
    create: { path: '/bids', summary: 'Create a bid (a new bid has bid_status A)' },
  }),
]);

