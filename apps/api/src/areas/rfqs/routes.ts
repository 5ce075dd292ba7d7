/**
 * RFQ calls of spec 3 section 7 (docs/rfqs.md). The record, its history, as-of, delete and every
 * collection's routes (segments, each segment's estimates, notes, the PDF bundle) and its creation under
 * the rfq counter's number (rfqRecord) come from recordRoutes; declared here, replacing those of the same
 * method and path: the list and saved dates, the look-up by RFQ number, edits, and the job a won RFQ
 * makes. The management report is declared in the domain's report catalogue.
 */
import { rfqFields } from '@trenchline/domain';
import { defineRoutes, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { detailReply, numberLookupRoute, recordRoutes } from '../../platform/record-routes.ts';
import { listRoute } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';
import { writeReply, type Executed } from '../../platform/records.ts';
import type { ApiContext } from '../../platform/context.ts';
import { makeJobFromRfq, rfqRecord, saveRfq } from './rfqs.ts';

const range = listRange({ preference: 'rfqs.search_dates' });

const generic = recordRoutes(rfqRecord);

/** A write's answer: the RFQ with its lines, as GET answers it. */
const answer = (ctx: ApiContext, r: Executed) => detailReply(ctx, 'rfq', r);

const own: RouteDef[] = [
  listRoute({ path: '/rfqs', list: 'rfqs', summary: 'RFQ list (?active=t|f&archived=t|f; ?start_date&end_date&live_and_future, else the saved search dates; ?rfq_status; ?q=), soonest bid due first' }),
  ...range.searchDatesRoutes('/rfqs/search_dates', 'rfq-list'),
  numberLookupRoute({ path: '/rfqs/lookup/:key', aggregate: 'rfq', list: 'rfqs', field: 'account_rfq_number', summary: 'The RFQ whose account_rfq_number is key (the detail route /rfq/{account_rfq_number}), else the RFQ whose id is key: {id, account_rfq_number}' }),
  {
    method: 'put',
    path: '/rfqs/:id',
    summary: "Edit an RFQ (the whole RFQ may come back; computed totals, the number and the job are ignored), merged by field from the version last seen; PUT {archived: true} archives",
    body: rfqFields.partial(),
    references: rfqFields,
    handle: async ({ actor, params, body, baseVersion }, ctx) => answer(ctx, await saveRfq(ctx, actor, params.id, body as Record<string, unknown>, baseVersion)),
  },
  {
    method: 'post',
    path: '/rfqs/:id/make_job',
    summary: "A won RFQ makes its job: a base job numbered by the job counter with the RFQ's title, customer and dates, a segment per RFQ segment and an item per estimate, and the RFQ's total, cost and margin as the job's estimate (set against the actual margin on the job). 400 naming rfq_status unless Won; 409 when it made one already. Answers {job_id, account_job_number, rfq_id}",
    handle: async ({ actor, params }, ctx) => {
      const r = await makeJobFromRfq(ctx, actor, params.id);
      return writeReply({ id: r.job_id, job_id: r.job_id, account_job_number: r.account_job_number, rfq_id: r.rfq_id }, r.version, r.position, 201);
    },
  },
];

export const rfqRoutes = defineRoutes('rfqs', withOverrides(own, generic));
