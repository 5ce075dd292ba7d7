import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { choice, choiceById, date, decimal, flag, id, money, MONEY_MAX, percent, quantity, QUANTITY_MAX, ref, referenceFields, text, unitPrice, unstorableText, UNSTORABLE_TEXT } from './fields.ts';

const schema = z.object({ segment_number: text(50), qty: quantity(), due: date(), done: flag(), status: choice(['New', 'Done'] as const), job: id(), crew: ref({ record: 'crew' }) });
const parse = (v: Record<string, unknown>) => schema.partial().safeParse(v);
const badFields = (v: Record<string, unknown>) => {
  const r = parse(v);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('scalars as the spec\'s client sends them', () => {
  it.each([
    [{ qty: 12 }, { qty: 12 }],
    [{ qty: '12' }, { qty: 12 }],
    [{ qty: '12.50' }, { qty: 12.5 }],
    [{ qty: '' }, { qty: null }],
    [{ segment_number: 1 }, { segment_number: '1' }],
    [{ segment_number: '1' }, { segment_number: '1' }],
    [{ due: '' }, { due: null }],
    [{ due: '2026-11-24T10:00:00Z' }, { due: '2026-11-24' }],
    [{ done: true }, { done: true }],
    [{ done: 't' }, { done: true }],
    [{ done: 'f' }, { done: false }],
    [{ done: 'False' }, { done: false }],
    [{ done: '1' }, { done: true }],
    [{ done: '0' }, { done: false }],
    [{ done: 1 }, { done: true }],
    [{ done: 0 }, { done: false }],
    [{ status: '' }, { status: null }],
    [{ job: 12 }, { job: '12' }],
    [{ crew: '' }, { crew: null }],
    [{ crew: 7 }, { crew: '7' }],
  ])('given %j, when parsed, then %j', (input, out) => {
    expect(parse(input)).toMatchObject({ success: true, data: out });
  });

  it.each([
    [{ qty: 'twelve' }, 'qty'],
    [{ qty: Infinity }, 'qty'],
    [{ segment_number: true }, 'segment_number'],
    [{ segment_number: { n: 1 } }, 'segment_number'],
    [{ due: '2026-13-01' }, 'due'],
    [{ done: 'yes' }, 'done'],
    [{ done: 2 }, 'done'],
    [{ status: 'Maybe' }, 'status'],
    [{ job: 'abc' }, 'job'],
    [{ crew: 1.5 }, 'crew'],
  ])('given %j, when parsed, then a 400 names %s', (input, field) => {
    expect(badFields(input)).toEqual([field]);
  });
});

describe('text that can be stored', () => {
  const note = z.object({ note: text(100) });
  it.each([
    ['a NUL byte', 'call\u0000back'],
    ['a lone high surrogate', 'broken \uD83D here'],
    ['a lone low surrogate', '\uDE00 first'],
    ['a high surrogate at the end', 'ends with \uD83D'],
  ])('given text with %s, when parsed, then it is refused naming the field', (_what, value) => {
    const r = note.safeParse({ note: value });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['note', UNSTORABLE_TEXT]]);
  });

  it('given text with a whole surrogate pair (an emoji) and accents, when parsed, then it is kept as sent', () => {
    expect(note.parse({ note: 'Bore done 👍 — café' })).toEqual({ note: 'Bore done 👍 — café' });
  });

  it('given a body with bad characters deep inside, when searched, then each is named by its dotted path', () => {
    const body = { title: 'ok', items: [{ description: 'fine' }, { description: 'nul\u0000' }], meta: { 'k\u0000ey': 1, deep: [['\uD800']] } };
    expect(unstorableText(body)).toEqual({ 'items.1.description': UNSTORABLE_TEXT, 'meta.k\\u0000ey': UNSTORABLE_TEXT, 'meta.deep.0.0': UNSTORABLE_TEXT });
    expect(unstorableText({ q: 'a\u0000' }, '')).toEqual({ q: UNSTORABLE_TEXT });
    expect(unstorableText('x\u0000', 'id')).toEqual({ id: UNSTORABLE_TEXT });
    expect(unstorableText({ a: ['fine', 1, null, true], b: 'also fine 👍' })).toEqual({});
  });

  it('given a body nested a hundred thousand deep, when searched, then the search ends without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.values(unstorableText({ deep }))).toEqual([UNSTORABLE_TEXT]);
  });
});

describe('numbers within their bounds', () => {
  const line = z.object({ qty: quantity(), price: unitPrice(), amount: money(), credit: money({ credit: true }), share: percent(), lat: decimal({ min: -90, max: 90 }) }).partial();
  const refused = (v: Record<string, unknown>) => {
    const r = line.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };

  it.each([
    [{ qty: 1e308 }, 'qty'],
    [{ qty: '1e400' }, 'qty'],
    [{ qty: Infinity }, 'qty'],
    [{ qty: -Infinity }, 'qty'],
    [{ qty: NaN }, 'qty'],
    [{ qty: QUANTITY_MAX + 1 }, 'qty'],
    [{ qty: -1 }, 'qty'],
    [{ qty: '-0.5' }, 'qty'],
    [{ qty: 1.23456 }, 'qty'],
    [{ price: MONEY_MAX * 2 }, 'price'],
    [{ price: -3 }, 'price'],
    [{ price: 0.00001 }, 'price'],
    [{ amount: 12.345 }, 'amount'],
    [{ amount: -0.01 }, 'amount'],
    [{ credit: -MONEY_MAX - 1 }, 'credit'],
    [{ share: 1001 }, 'share'],
    [{ lat: 91 }, 'lat'],
  ])('given %j, when parsed, then it is refused naming %s', (input, field) => {
    expect(refused(input)).toEqual([field]);
  });

  it.each([
    [{ qty: QUANTITY_MAX }, { qty: QUANTITY_MAX }],
    [{ qty: '0.0001' }, { qty: 0.0001 }],
    [{ qty: 0.1 + 0.2 }, { qty: 0.3 }],
    [{ price: '0.0125' }, { price: 0.0125 }],
    [{ amount: MONEY_MAX }, { amount: MONEY_MAX }],
    [{ amount: '99999999999.99' }, { amount: 99999999999.99 }],
    [{ amount: 1.1 * 3 }, { amount: 3.3 }],
    [{ credit: -250.5 }, { credit: -250.5 }],
    [{ share: '100' }, { share: 100 }],
    [{ lat: -36.15398712345678 }, { lat: -36.15398712345678 }],
  ])('given %j, when parsed, then %j', (input, out) => {
    expect(line.parse(input)).toEqual(out);
  });

  it('given a number out of range, when refused, then the message says the range', () => {
    expect(line.safeParse({ qty: 1e308 }).error?.issues[0].message).toBe('must be a number from 0 to 1,000,000,000');
    expect(line.safeParse({ amount: 1.005 }).error?.issues[0].message).toBe('must have at most 2 decimals');
  });
});

describe('a choice the spec numbers by id', () => {
  const notes = z.object({ note_status: choiceById(['Update', 'Note', 'Called'] as const) }).partial();
  it.each([
    [2, 'Called'],
    ['1', 'Note'],
    ['Update', 'Update'],
    ['', null],
  ])('given %j, when parsed, then %j', (input, out) => {
    expect(notes.parse({ note_status: input })).toEqual({ note_status: out });
  });

  it('given an id past the list, when parsed, then it is refused', () => {
    expect(notes.safeParse({ note_status: 3 }).success).toBe(false);
  });
});

describe('a choice with other spellings, and one numbered from 1', () => {
  const sources = z.object({ award_source: choice(['CNA', 'BID'] as const, { aliases: { 'C.N.A': 'CNA' } }) }).partial();
  it.each([
    ['C.N.A', 'CNA'],
    [' c.n.a ', 'CNA'],
    ['CNA', 'CNA'],
    ['BID', 'BID'],
  ])('given the spelling %j, when parsed, then the choice %j', (input, out) => {
    expect(sources.parse({ award_source: input })).toEqual({ award_source: out });
  });

  it('given a spelling no alias names, then it is refused naming the list', () => {
    expect(sources.safeParse({ award_source: 'cna' }).error?.issues[0].message).toBe('must be one of CNA, BID');
  });

  it('given a list numbered from 1 (divisions), then 1 is the first and 0 or past the last are refused', () => {
    const divisions = z.object({ division: choiceById(['BAU', 'IR', 'LEGACY'] as const, { first: 1 }) }).partial();
    expect(divisions.parse({ division: 1 })).toEqual({ division: 'BAU' });
    expect(divisions.parse({ division: '3' })).toEqual({ division: 'LEGACY' });
    expect(divisions.safeParse({ division: 0 }).success).toBe(false);
    expect(divisions.safeParse({ division: 4 }).success).toBe(false);
  });
});

describe('references declare what they point at', () => {
  it('given a schema with references, when read, then each names its field and target, and other ids are not references', () => {
    const s = z.object({ bid_ref: ref({ record: 'bid' }), segment_ref: ref({ line: 'job_segments' }), set: id(), title: text() });
    expect(referenceFields(s)).toEqual([
      { field: 'bid_ref', target: { record: 'bid' } },
      { field: 'segment_ref', target: { line: 'job_segments' } },
    ]);
    expect(referenceFields(s.extend({ extra: text() }))).toHaveLength(2);
  });
});
