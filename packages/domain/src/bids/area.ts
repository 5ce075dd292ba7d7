/** What the bids area declares; packages/domain/src/registry.ts composes every area. */
import type { AggregateDef, Area } from '../shared/aggregates.ts';
import { bidDecider, type BidState } from './bid.ts';
import { bidCollections } from './collections.ts';
import { bidView, withBidDays } from './view.ts';
import { bulkEntryNamed } from '../shared/bulk-lists.ts';

export const bidAggregate = { name: 'bid', label: 'Bid', decider: bidDecider, view: bidView, listRow: withBidDays, list: 'bids', shownAs: { number: 'work_request', page: '/bid/:id' } } satisfies AggregateDef<BidState>;

export const bidsArea: Area = { aggregates: [bidAggregate], collections: bidCollections, bulk: { bids: { aggregate: 'bid', zipPrefix: 'Bid', entryPrefix: bulkEntryNamed('work_request', 'Bid') } } };
