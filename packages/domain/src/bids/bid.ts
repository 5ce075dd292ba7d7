/** The bid aggregate: its fields and its child lines (items, notes, customer data, files). */
import { applyChanges, diff } from '../shared/changes.ts';
import { type Decider } from '../shared/decider.ts';
import { givenValues, recordDecider, recordNames, type RecordState, requireRecord } from '../shared/record-decider.ts';
import { type BidCommand, type BidFields, bidFields } from './commands.ts';
import type { BidAwarded, BidEvent } from './events.ts';
import { AWARDED_STATUS, NEW_BID_STATUS } from './rules.ts';
import { bidCollections, bidFiles } from './collections.ts';

export interface BidState extends RecordState<BidFields> {
  awarded_at: string | null;
}

export const initialBidState: BidState = {
  id: null,
  deleted: false,
  fields: {},
  created_at: null,
  last_updated: null,
  awarded_at: null,
  lines: {},
};

export const bidDecider: Decider<BidState, BidCommand, BidEvent> = recordDecider<BidState, BidCommand, BidEvent>({
  aggregate: 'bid',
  label: 'Bid',
  collections: bidCollections,
  ...recordNames('Bid'),
  initialState: initialBidState,
  created: (values) => bidFields.parse({ archived: false, bid_status: NEW_BID_STATUS, our_status: 'New', ...givenValues(values) }),
  oneBundleIn: bidFiles.name,

  decide(command, state) {
    if (command.type !== 'AwardBid') throw new Error(`unhandled case: ${command.type}`);
    requireRecord(state, 'Bid');
    return [{ type: 'BidAwarded', data: { changes: diff(state.fields, { our_status: AWARDED_STATUS }) } }];
  },

  evolve(touched, event, meta) {
    if (event.type !== 'BidAwarded') return undefined;
    return { ...touched, fields: applyChanges(touched.fields, (event as BidAwarded).data.changes), awarded_at: meta.at };
  },
});
