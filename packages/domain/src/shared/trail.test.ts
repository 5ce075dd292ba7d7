/** The trail's one rule for words: an event's verb, its summary, a line's label and a record's name and page. */
import { describe, expect, it } from 'vitest';
import { lineLabel, recordShown, trailSummary, trailVerb } from './trail.ts';
import { aggregates, collection } from '../registry.ts';

describe('trailVerb', () => {
  it.each([
    ['JobCreated', 'Job', 'created'],
    ['BidItemAdded', 'BidItem', 'added'],
    ['HelpTicketRevised', 'Help ticket', 'revised'],
    ['CurrentNumberSet', 'Counter', 'current number set'],
    ['RFQRevised', 'RFQ', 'revised'],
  ])('given %s of %s, then %s', (type, thing, verb) => expect(trailVerb(type, thing)).toBe(verb));
});

describe('trailSummary', () => {
  it('given a record made, then its label and name only; its values are in the changes', () => {
    expect(trailSummary({ type: 'JobCreated', record: { label: 'Job', name: '2026-014' }, changes: [{ field: 'title', old: null, new: 'Main' }] })).toBe('Job 2026-014 created');
  });

  it('given a line revised, then the line by its number and each change old → new', () => {
    const def = collection('job_items');
    expect(trailSummary({ type: 'JobItemRevised', record: { label: 'Job', name: '7' }, line: { def, label: '3' }, changes: [{ field: 'status', old: 'Open', new: 'Done' }] })).toBe('Item 3 revised: status Open → Done');
  });

  it("given an account's one-of record, then it is named once and the verb is what its aggregate's name leaves", () => {
    expect(trailSummary({ type: 'AccountSettingsOpened', record: { label: 'Settings', aggregate: 'account_settings', name: 'Settings' }, changes: [] })).toBe('Settings opened');
    expect(trailSummary({ type: 'DocumentCounterOpened', record: { label: 'Counter', aggregate: 'document_counter', name: 'Counter' }, changes: [] })).toBe('Counter opened');
  });

  it('given more than three changes and blanks, then three shown, the rest counted, blanks named', () => {
    const changes = ['a', 'b', 'c', 'd', 'e'].map((field) => ({ field, old: '', new: 'x' }));
    expect(trailSummary({ type: 'BidRevised', record: { label: 'Bid', name: null }, changes })).toBe('Bid revised: a (blank) → x, b (blank) → x, c (blank) → x and 2 more');
  });
});

describe('lineLabel and recordShown', () => {
  it('given a line with a line number, then the number; without one, its first declared field', () => {
    const def = collection('job_items');
    expect(lineLabel(def, { id: '1', line_number: 4, item: 'Bore' })).toBe('4');
    expect(lineLabel(def, { id: '1', item: 'Bore' })).toBe('Bore');
  });

  it("given a job's view, then its number, title and page; a bid by its declared work request; a one-of record by its label", () => {
    expect(recordShown(aggregates.job, '12', { account_job_number: '2026-014', title: 'Main St' })).toEqual({ number: '2026-014', title: 'Main St', page: '/job/12' });
    expect(recordShown(aggregates.bid, '9', { work_request: 'WR-1' })).toMatchObject({ number: 'WR-1', page: '/bid/9' });
    expect(recordShown(aggregates.account_settings, '3', null)).toEqual({ number: null, title: 'Settings', page: null });
  });
});
