import { describe, expect, it } from 'vitest';
import { bidDecider, type BidState } from '../bids/bid.ts';
import type { DomainEvent } from './decider.ts';
import { foldSince, mergeEdit, partKey, partOf, type EditPart, type EditedMark, type VersionedEvent } from './concurrency.ts';

const pat = { userId: '7', userName: 'Pat Office' };
const frank = { userId: '8', userName: 'Frank Field' };

/** A stream of bid events, each with its version and who wrote it. */
function stream(...events: [DomainEvent, { userId: string; userName: string }][]): VersionedEvent[] {
  return events.map(([e, who], i) => ({ ...e, meta: { ...who, at: `2026-11-24T10:0${i}:00.000Z`, version: i + 1 } }));
}
const created: DomainEvent = { type: 'BidCreated', data: { id: '10', values: { description: 'Bore', city: 'Tulsa', bid_status: 'A', archived: false } } };
const revised = (changes: Record<string, [unknown, unknown]>): DomainEvent => ({
  type: 'BidRevised',
  data: { changes: Object.fromEntries(Object.entries(changes).map(([k, [o, n]]) => [k, { old: o, new: n }])) },
});
const itemAdded = (id: string, line: Record<string, unknown>): DomainEvent => ({ type: 'BidItemAdded', data: { id, line: { id, bid: '10', ...line } } });
const itemRevised = (id: string, changes: Record<string, [unknown, unknown]>): DomainEvent => ({
  type: 'BidItemRevised',
  data: { id, changes: Object.fromEntries(Object.entries(changes).map(([k, [o, n]]) => [k, { old: o, new: n }])) },
});

const fields: EditPart = { kind: 'fields' };
const item = (lineId: string): EditPart => ({ kind: 'line', collection: 'bid_items', lineId });
const since = (events: VersionedEvent[], version: number, part: EditPart) =>
  foldSince(bidDecider, events, version, partOf<BidState>(part, (s) => s.fields as Record<string, unknown>)).since;

describe('the merge rule: given the events since the author\'s version, when a write changes fields, then merged or conflicting', () => {
  it('given another user changed the city since, when the author changes the description, then both are kept', () => {
    const s = since(stream([created, pat], [revised({ city: ['Tulsa', 'Tul'] }), frank]), 1, fields);
    const out = mergeEdit(s, { description: 'Bore 2', city: 'Tulsa', bid_status: 'A' }, pat.userId);
    expect(out).toEqual({ values: { description: 'Bore 2' }, conflicts: [] });
  });

  it('given another user changed the description since, when the author changes it to something else, then one conflict naming it with yours, theirs, who and when', () => {
    const s = since(stream([created, pat], [revised({ description: ['Bore', 'Plow'] }), frank]), 1, fields);
    const out = mergeEdit(s, { description: 'Trench' }, pat.userId);
    expect(out.conflicts).toEqual([
      { field: 'description', yours: 'Trench', theirs: 'Plow', base: 'Bore', by: 'Frank Field', by_id: '8', at: '2026-11-24T10:01:00.000Z', version: 2 },
    ]);
  });

  it('given another user changed the description since, when the author changes it to the same value, then no conflict', () => {
    const s = since(stream([created, pat], [revised({ description: ['Bore', 'Plow'] }), frank]), 1, fields);
    expect(mergeEdit(s, { description: 'Plow' }, pat.userId).conflicts).toEqual([]);
  });

  it('given the author\'s own save since, when the author saves the same field again from the old version, then it is not a conflict', () => {
    const s = since(stream([created, pat], [revised({ description: ['Bore', 'First'] }), pat]), 1, fields);
    expect(mergeEdit(s, { description: 'Second' }, pat.userId)).toEqual({ values: { description: 'Second' }, conflicts: [] });
  });

  it('given the author\'s own save since, when the author sets the field back to the value the old version held, then that is a change and it applies', () => {
    const s = since(stream([created, pat], [revised({ description: ['Bore', 'Plow'] }), pat]), 1, fields);
    expect(mergeEdit(s, { description: 'Bore' }, pat.userId)).toEqual({ values: { description: 'Bore' }, conflicts: [] });
  });

  it('given the author\'s own save and then another user\'s change of that field, when the author saves another field from the kept object, then theirs stands and no conflict', () => {
    const s = since(stream([created, pat], [revised({ description: ['Bore', 'Mine'] }), pat], [revised({ description: ['Mine', 'Theirs'] }), frank]), 1, fields);
    expect(mergeEdit(s, { description: 'Mine', city: 'Owasso' }, pat.userId)).toEqual({ values: { city: 'Owasso' }, conflicts: [] });
  });

  it('given another user changed the field after the author\'s own save, when the author saves from the old version, then it is a conflict with theirs', () => {
    const s = since(stream([created, pat], [revised({ description: ['Bore', 'Mine'] }), pat], [revised({ description: ['Mine', 'Theirs'] }), frank]), 1, fields);
    expect(mergeEdit(s, { description: 'Mine again' }, pat.userId).conflicts.map((c) => [c.field, c.theirs, c.by])).toEqual([['description', 'Theirs', 'Frank Field']]);
  });

  it('given a whole object sent back with computed fields, nested lines, ids and its version, when merged, then only the changed editable fields are applied', () => {
    const s = since(stream([created, pat]), 1, fields);
    const out = mergeEdit(s, { id: '10', version: 1, position: '1:2', description: 'Bore', city: 'Tulsa', county: null, job_number: '' }, pat.userId);
    expect(out.values).toEqual({});
  });

  it('given no field changes since (only lines were added), when the author edits a field, then it merges', () => {
    const s = since(stream([created, pat], [itemAdded('20', { item: 'A' }), frank], [itemAdded('21', { item: 'B' }), frank]), 1, fields);
    expect(s.touches).toEqual([]);
    expect(mergeEdit(s, { city: 'Tulsa', description: 'New' }, pat.userId).values).toEqual({ description: 'New' });
  });
});

describe('a line has its own version: given edits of other lines since, when one line is edited', () => {
  const events = stream(
    [created, pat],
    [itemAdded('20', { item: 'A', bid_percent: 10 }), pat],
    [itemAdded('21', { item: 'B' }), frank],
    [itemRevised('21', { item: ['B', 'B2'] }), frank],
  );

  it('then adding and editing another line is no conflict, and the base is the line as the author saw it', () => {
    const s = since(events, 2, item('20'));
    expect(s.base).toMatchObject({ item: 'A', bid_percent: 10 });
    expect(s.touches).toEqual([]);
    expect(mergeEdit(s, { item: 'A', bid_percent: 50 }, pat.userId)).toEqual({ values: { bid_percent: 50 }, conflicts: [] });
  });

  it('then the line carries the version of the event that last touched it', () => {
    const { state } = foldSince(bidDecider, events, 0, (s) => s.fields as Record<string, unknown>);
    expect(state.lines.bid_items['20'].version).toBe(2);
    expect(state.lines.bid_items['21'].version).toBe(4);
  });

  it('given the author names a version from before the line was made, then the line as made is the base', () => {
    const s = since(events, 1, item('21'));
    expect(s.base).toMatchObject({ item: 'B' });
    expect(s.touches.map((t) => [t.field, t.value, t.userName])).toEqual([['item', 'B2', 'Frank Field']]);
    expect(mergeEdit(s, { item: 'B3' }, pat.userId).conflicts.map((c) => c.field)).toEqual(['item']);
    expect(mergeEdit(s, { item: 'B' }, pat.userId)).toEqual({ values: {}, conflicts: [] });
  });

  it('given the line was removed since, then who removed it and when', () => {
    const s = since([...events, ...stream([{ type: 'BidItemRemoved', data: { id: '20' } }, frank]).map((e) => ({ ...e, meta: { ...e.meta, version: 5 } }))], 2, item('20'));
    expect(s.current).toBeUndefined();
    expect(s.removed).toMatchObject({ userName: 'Frank Field', version: 5 });
  });
});

describe('what the author sent: given events stamped with the part and fields their author sent (EditedMark)', () => {
  const marked = (events: VersionedEvent[], marks: (EditedMark | null | undefined)[]) => events.map((e, i) => (marks[i] === undefined ? e : { ...e, meta: { ...e.meta, edited: marks[i] } }));
  const sinceKeyed = (events: VersionedEvent[], version: number, part: EditPart) =>
    foldSince(bidDecider, events, version, partOf<BidState>(part, (s) => s.fields as Record<string, unknown>), undefined, partKey(part)).since;

  it("when a rule of the author's save set a field the author did not send, then the kept object's older value is no change: the rule's value stands", () => {
    // Pat changed the description; the rule also set the city (a look-up), which Pat's object never held.
    const events = marked(stream([created, pat], [revised({ description: ['Bore', 'Mine'], city: ['Tulsa', 'Owasso'] }), pat]), [undefined, { part: 'fields', fields: ['description'] }]);
    const s = sinceKeyed(events, 1, fields);
    expect(mergeEdit(s, { description: 'Mine', city: 'Tulsa', bid_status: 'B' }, pat.userId)).toEqual({ values: { bid_status: 'B' }, conflicts: [] });
  });

  it("when the author's write edited another part (a line) and a rule changed this one, then nothing of it counts as held", () => {
    const events = marked(stream([created, pat], [revised({ city: ['Tulsa', 'Owasso'] }), pat]), [undefined, { part: partKey(item('11')), fields: ['qty'] }]);
    expect(mergeEdit(sinceKeyed(events, 1, fields), { city: 'Tulsa' }, pat.userId).values).toEqual({});
  });

  it('when a command named no part (null), then its changes are the server\'s; without a mark (older events) they count as sent', () => {
    const rule = marked(stream([created, pat], [revised({ city: ['Tulsa', 'Owasso'] }), pat]), [undefined, null]);
    expect(mergeEdit(sinceKeyed(rule, 1, fields), { city: 'Tulsa' }, pat.userId).values).toEqual({});
    const old = stream([created, pat], [revised({ city: ['Tulsa', 'Owasso'] }), pat]);
    expect(mergeEdit(sinceKeyed(old, 1, fields), { city: 'Tulsa' }, pat.userId).values).toEqual({ city: 'Tulsa' });
  });

  it('when the author sent the field and then sets it back to the old value, then that is still a change', () => {
    const events = marked(stream([created, pat], [revised({ description: ['Bore', 'Plow'] }), pat]), [undefined, { part: 'fields', fields: ['description'] }]);
    expect(mergeEdit(sinceKeyed(events, 1, fields), { description: 'Bore' }, pat.userId).values).toEqual({ description: 'Bore' });
  });
});
