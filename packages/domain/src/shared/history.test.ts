import { describe, expect, it } from 'vitest';
import { historyEntryIn, type RecordedLike } from './history.ts';
import { bidCollections } from '../bids/collections.ts';

const historyEntry = (e: RecordedLike) => historyEntryIn(bidCollections, e);

const m = { at: '2026-11-20T10:00:00Z', userId: '1', userName: 'Pat' };

describe('history entries', () => {
  it('shows a revision field by field with old and new values', () => {
    const h = historyEntry({ type: 'BidRevised', data: { changes: { city: { old: 'A', new: 'B' } } }, position: '1:1', version: 2, meta: m });
    expect(h).toMatchObject({ type: 'BidRevised', user_name: 'Pat', at: m.at, changes: [{ field: 'city', old: 'A', new: 'B' }] });
  });

  it('shows a new line as its values from nothing, naming the collection and line', () => {
    const h = historyEntry({ type: 'BidItemAdded', data: { id: '9', line: { id: '9', item: 'Bore', vd: '' } }, position: '1:2', version: 3, meta: m });
    expect(h).toMatchObject({ collection: 'bid_items', line_id: '9', changes: [{ field: 'item', old: null, new: 'Bore' }] });
  });

  it('shows a created record as its values', () => {
    const h = historyEntry({ type: 'BidCreated', data: { id: '1', values: { work_request: 'WR' } }, position: '1:0', version: 1, meta: m });
    expect(h.changes).toEqual([{ field: 'work_request', old: null, new: 'WR' }]);
  });
});
