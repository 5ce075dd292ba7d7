import { describe, expect, it } from 'vitest';
import { entryKey, eventLabel, lineOf, newestFirst, showValue, wordsOf, type HistoryEntry } from './format';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  position: '10:1',
  version: 1,
  type: 'CrewAdded',
  at: '2026-11-22T14:05:00.000Z',
  user_id: '1',
  user_name: 'Dana Office',
  changes: [],
  ...over,
});

describe('history formatting', () => {
  it('given an event type, when it is labelled, then it reads as words with acronyms kept', () => {
    expect(eventLabel('CrewAdded')).toBe('Crew added');
    expect(eventLabel('BidItemRevised')).toBe('Bid item revised');
    expect(eventLabel('DocumentNumberIssued')).toBe('Document number issued');
    expect(eventLabel('SVACodesImported')).toBe('SVA codes imported');
    expect(eventLabel('Opened')).toBe('Opened');
    expect(eventLabel('')).toBe('');
  });

  it('given a field name no one labelled, when it is shown, then its words are', () => {
    expect(wordsOf('crew_name')).toBe('Crew name');
    expect(wordsOf('city')).toBe('City');
  });

  it('given old and new values, when shown, then nothing is a dash, flags are Yes/No, days are MM/DD/YYYY and instants carry their time', () => {
    expect(showValue(null)).toBe('—');
    expect(showValue(undefined)).toBe('—');
    expect(showValue('')).toBe('—');
    expect(showValue(true)).toBe('Yes');
    expect(showValue(false)).toBe('No');
    expect(showValue('2026-11-22')).toBe('11/22/2026');
    expect(showValue('2026-11-22T05:26:02.206Z')).toMatch(/^11\/2[12]\/2026 \d{2}:\d{2}$/);
    expect(showValue(0)).toBe('0');
    expect(showValue('North Bore Crew')).toBe('North Bore Crew');
    expect(showValue({ item: 'office', quantity: 3 })).toBe('{"item":"office","quantity":3}');
  });

  it('given a line event, when its line is named, then the collection noun (capitalised) and the line id', () => {
    const nouns: Record<string, string> = { bid_items: 'Item', bid_files: 'file' };
    expect(lineOf(entry({ collection: 'bid_items', line_id: '12' }), (c) => nouns[c])).toBe('Item 12');
    expect(lineOf(entry({ collection: 'bid_files', line_id: '7' }), (c) => nouns[c])).toBe('File 7');
    expect(lineOf(entry({ collection: 'product_raw_materials', line_id: '3' }))).toBe('Product raw materials 3');
  });

  it('given an event of the record itself, when its line is named, then there is none', () => {
    expect(lineOf(entry({}))).toBe('');
  });

  it('given the answer oldest first, when listed, then newest first and the answer is left alone', () => {
    const answer = [entry({ version: 1 }), entry({ version: 2 }), entry({ version: 3 })];
    expect(newestFirst(answer).map((e) => e.version)).toEqual([3, 2, 1]);
    expect(answer.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(newestFirst(undefined)).toEqual([]);
  });

  it('given two events of one command, when keyed, then their keys differ', () => {
    const a = entry({ position: '11:4', type: 'BidItemAdded', collection: 'bid_items', line_id: '1' });
    const b = entry({ position: '11:4', type: 'BidItemAdded', collection: 'bid_items', line_id: '2' });
    expect(entryKey(a)).not.toBe(entryKey(b));
  });
});
