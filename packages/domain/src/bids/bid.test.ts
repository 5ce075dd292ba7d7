import { describe, expect, it } from 'vitest';
import { bidDecider } from './bid.ts';
import type { BidEvent } from './events.ts';
import { given, meta } from '../shared/testing.ts';
import { DomainError } from '../shared/decider.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { bidFiles, bidNotes } from './collections.ts';
import { bidView } from './view.ts';
import { bidFields } from './commands.ts';

const created: BidEvent = { type: 'BidCreated', data: { id: '10', values: { work_request: 'WR-1', bid_status: 'A', archived: false } } };
const file = (over: Record<string, unknown> = {}) => ({
  file_name: 'bundle.pdf',
  file_type: 'pdf_bundle',
  sha256: 'a'.repeat(64),
  size: 10,
  content_type: 'application/pdf',
  ...over,
});

describe('bid decider', () => {
  it('given no bid, when it is created, then BidCreated with bid_status A and our status New', () => {
    const [e] = given(bidDecider, []).when({ type: 'CreateBid', bidId: '10', values: { work_request: 'WR-1' } });
    expect(e.type).toBe('BidCreated');
    expect(e.data).toMatchObject({ id: '10', values: { bid_status: 'A', our_status: 'New', archived: false, work_request: 'WR-1' } });
  });

  it('given a bid, when it is created again, then already_exists', () => {
    expect(() => given(bidDecider, [created]).when({ type: 'CreateBid', bidId: '10', values: {} })).toThrow(DomainError);
  });

  it('given a bid, when revised, then BidRevised carries only the changed fields with old and new', () => {
    const [e] = given(bidDecider, [created]).when({ type: 'ReviseBid', values: { work_request: 'WR-1', city: 'Tulsa' } });
    expect(e).toEqual({ type: 'BidRevised', data: { changes: { city: { old: null, new: 'Tulsa' } } } });
  });

  it('given a bid, when revised with the same values, then no event', () => {
    expect(given(bidDecider, [created]).when({ type: 'ReviseBid', values: { work_request: 'WR-1' } })).toEqual([]);
  });

  it('given a deleted bid, when revised, then not_found', () => {
    const g = given(bidDecider, [created, { type: 'BidDeleted', data: {} }]);
    expect(() => g.when({ type: 'ReviseBid', values: { city: 'X' } })).toThrow(/not found/);
  });

  it('given a bid, when awarded, then BidAwarded sets our status Won and the award time', () => {
    const { events, state } = given(bidDecider, [created]).then({ type: 'AwardBid' });
    expect(events[0].type).toBe('BidAwarded');
    expect(state.fields.our_status).toBe('Won');
    expect(state.awarded_at).toBe(meta().at);
  });

  it('given a bid, when a note is added, then it defaults to Update and is stamped with the user name and date', () => {
    const { state } = given(bidDecider, [created]).then({ type: 'AddLine', collection: 'bid_notes', lineId: '11', values: { note: 'Called' } });
    expect(linesOfCollection(state.lines, bidNotes)[0]).toMatchObject({ id: '11', bid: '10', note_status: 'Update', created_by: 'Pat Office', created_date: meta().at });
  });

  it('given a bid with a PDF bundle, when another bundle is uploaded, then the old one is removed first', () => {
    const g1 = given(bidDecider, [created]).then({ type: 'AddLine', collection: 'bid_files', lineId: '20', values: file() });
    const second = bidDecider.decide({ type: 'AddLine', collection: 'bid_files', lineId: '21', values: file({ file_name: 'v2.pdf' }) }, g1.state, meta());
    expect(second.map((e) => e.type)).toEqual(['BidFileRemoved', 'BidFileAdded']);
    const state = second.reduce((s, e) => bidDecider.evolve(s, e, meta()), g1.state);
    expect(linesOfCollection(state.lines, bidFiles).map((f) => f.file_name)).toEqual(['v2.pdf']);
    expect(bidView(state, '2026-11-20').pdf_bundle).toMatchObject({ id: '21', file_name: 'v2.pdf', file: '/api/files/21/v2.pdf' });
  });

  it('given a bid with another file, when a bundle is uploaded, then the other file stays', () => {
    const g1 = given(bidDecider, [created]).then({ type: 'AddLine', collection: 'bid_files', lineId: '20', values: file({ file_type: 'other' }) });
    const out = bidDecider.decide({ type: 'AddLine', collection: 'bid_files', lineId: '21', values: file() }, g1.state, meta());
    expect(out.map((e) => e.type)).toEqual(['BidFileAdded']);
  });

  it('given an item, when revised with a wrong type, then invalid naming the field', () => {
    const g = given(bidDecider, [created]).then({ type: 'AddLine', collection: 'bid_items', lineId: '30', values: { item: 'Bore' } });
    try {
      bidDecider.decide({ type: 'ReviseLine', collection: 'bid_items', lineId: '30', values: { bid_percent: 'lots' } }, g.state, meta());
      expect.unreachable();
    } catch (e) {
      expect((e as DomainError).code).toBe('invalid');
      expect((e as DomainError).fields).toHaveProperty('bid_percent');
    }
  });

  it('given an item, when removed twice, then the second is not_found', () => {
    const g = given(bidDecider, [created]).then({ type: 'AddLine', collection: 'bid_items', lineId: '30', values: {} });
    const removed = bidDecider.decide({ type: 'RemoveLine', collection: 'bid_items', lineId: '30' }, g.state, meta());
    const after = removed.reduce((s, e) => bidDecider.evolve(s, e, meta()), g.state);
    expect(() => bidDecider.decide({ type: 'RemoveLine', collection: 'bid_items', lineId: '30' }, after, meta())).toThrow(/not found/);
  });

  it('given a bid, when a line of a job collection is added, then it is refused', () => {
    expect(() => given(bidDecider, [created]).when({ type: 'AddLine', collection: 'job_items', lineId: '40', values: {} })).toThrow(DomainError);
  });
});

describe('bid fields as other readings send them', () => {
  it("given spec 2's award source 'C.N.A', then it is spec 1's CNA (what stored bids hold); BID stays BID", () => {
    expect(bidFields.parse({ award_source: 'C.N.A' })).toMatchObject({ award_source: 'CNA' });
    expect(bidFields.parse({ award_source: 'CNA' })).toMatchObject({ award_source: 'CNA' });
    expect(bidFields.parse({ award_source: 'BID' })).toMatchObject({ award_source: 'BID' });
  });

  it('given a division numbered 1 to 5 (spec 3 section 9), then it is the name at that place of the five bid divisions; 6 is refused', () => {
    expect([1, '2', 3, '4', 5].map((d) => bidFields.parse({ division: d }).division)).toEqual(['BAU', 'IR', 'NON-IR MR', 'LIGHTGIG', 'LEGACY']);
    expect(bidFields.safeParse({ division: 6 }).success).toBe(false);
    expect(bidFields.parse({ division: 'IR' }).division).toBe('IR');
  });
});
