import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { choice, choiceById, date, decimal, flag, id, ref, text } from './fields.ts';

const schema = z.object({ segment_number: text(50), qty: decimal(), due: date(), done: flag(), status: choice(['New', 'Done'] as const), job: id(), crew: ref() });
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
    [{ status: 'Maybe' }, 'status'],
    [{ job: 'abc' }, 'job'],
    [{ crew: 1.5 }, 'crew'],
  ])('given %j, when parsed, then a 400 names %s', (input, field) => {
    expect(badFields(input)).toEqual([field]);
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
