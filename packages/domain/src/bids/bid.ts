/** The bid aggregate: its fields and its child lines (items, notes, customer data, files). */
import { applyChanges, diff, hasChanges } from '../shared/changes.ts';
import { evolveLines, isLineCommand, type LinesState } from '../shared/collections.ts';
import { decideLineKeepingOneBundle } from '../shared/files.ts';
import { type Decider, DomainError, assertNever } from '../shared/decider.ts';
import { type BidCommand, type BidFields, bidFields } from './commands.ts';
import type { BidEvent, BidOwnEvent } from './events.ts';
import { AWARDED_STATUS, NEW_BID_STATUS } from './rules.ts';
import './collections.ts';

export interface BidState {
  id: string | null;
  deleted: boolean;
  fields: BidFields;
  created_at: string | null;
  last_updated: string | null;
  awarded_at: string | null;
  lines: LinesState;
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

function requireBid(state: BidState) {
  if (!state.id || state.deleted) throw new DomainError('not_found', 'Bid not found');
}

export const bidDecider: Decider<BidState, BidCommand, BidEvent> = {
  aggregate: 'bid',
  initialState: initialBidState,

  decide(command, state, meta) {
    if (isLineCommand(command)) {
      requireBid(state);
      return decideLineKeepingOneBundle(command, state.lines, state.id!, meta, 'bid', 'bid_files');
    }
    switch (command.type) {
      case 'CreateBid': {
        if (state.id) throw new DomainError('already_exists', 'Bid already exists');
        const values = { archived: false, bid_status: NEW_BID_STATUS, our_status: 'New', ...dropNulls(command.values) } as BidFields;
        return [{ type: 'BidCreated', data: { id: command.bidId, values: bidFields.parse(values) } }];
      }
      case 'ReviseBid': {
        requireBid(state);
        const changes = diff(state.fields, command.values);
        return hasChanges(changes) ? [{ type: 'BidRevised', data: { changes } }] : [];
      }
      case 'DeleteBid':
        requireBid(state);
        return [{ type: 'BidDeleted', data: {} }];
      case 'AwardBid': {
        requireBid(state);
        const changes = diff(state.fields, { our_status: AWARDED_STATUS });
        return [{ type: 'BidAwarded', data: { changes } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    const e = event as BidOwnEvent; // line events fall to default
    switch (e.type) {
      case 'BidCreated':
        return { ...touched, id: e.data.id, fields: e.data.values, created_at: meta.at };
      case 'BidRevised':
        return { ...touched, fields: applyChanges(state.fields, e.data.changes) };
      case 'BidDeleted':
        return { ...touched, deleted: true };
      case 'BidAwarded':
        return { ...touched, fields: applyChanges(state.fields, e.data.changes), awarded_at: meta.at };
      default:
        return { ...touched, lines: evolveLines(state.lines, event, meta) };
    }
  },
};

function dropNulls(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));
}
