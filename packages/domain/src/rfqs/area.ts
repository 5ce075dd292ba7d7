/** What the RFQ area declares; packages/domain/src/registry.ts composes every area. */
import type { AggregateDef, Area } from '../shared/aggregates.ts';
import { rfqDecider, type RfqState } from './rfq.ts';
import { rfqCollections } from './collections.ts';
import { rfqLinesAsShown, rfqView, withRfqDays } from './view.ts';
import { rfqManagementReport } from './reports.ts';
import { bulkEntryNamed } from '../shared/bulk-lists.ts';

export const rfqAggregate = { name: 'rfq', label: 'RFQ', decider: rfqDecider, view: rfqView, listRow: withRfqDays, list: 'rfqs', shownAs: { page: '/rfq/:id' }, number: { counter: 'rfq', field: 'rfqNumber' }, presentLines: rfqLinesAsShown } satisfies AggregateDef<RfqState>;

export const rfqsArea: Area = {
  aggregates: [rfqAggregate],
  collections: rfqCollections,
  reports: [rfqManagementReport],
  bulk: { rfqs: { aggregate: 'rfq', reports: { management: rfqManagementReport.name }, zipPrefix: 'RFQ', entryPrefix: bulkEntryNamed('account_rfq_number', 'RFQ'), actions: ['archive', 'delete', 'report'] } },
};
