import { describe, expect, it } from 'vitest';
import { badDateOrder, checkDateOrder, type DateOrder } from './date-order.ts';
import { refusedWith } from './testing.ts';

const po: DateOrder[] = [{ earlier: 'start', later: 'stop', earlierLabel: 'start date', laterLabel: 'stop date' }];

describe('dates that cannot be', () => {
  it('given a new record whose stop is before its start, then the fields are named with the other date as shown', () => {
    expect(badDateOrder({}, { start: '2026-11-20', stop: '2026-11-19' }, po)).toEqual({ start: 'must not be after the stop date (11/19/2026)', stop: 'must not be before the start date (11/20/2026)' });
  });

  it('given the same day, a later stop, or a date missing, then nothing is wrong', () => {
    for (const after of [{ start: '2026-11-20', stop: '2026-11-20' }, { start: '2026-11-20', stop: '2026-11-21' }, { start: '2026-11-20', stop: null }, { start: '', stop: '2026-01-01' }]) expect(badDateOrder({}, after, po)).toEqual({});
  });

  it('given a save that changes only the stop into a bad pair, then only the stop is named; only the start, only the start', () => {
    const before = { start: '2026-11-10', stop: '2026-11-30' };
    expect(Object.keys(badDateOrder(before, { ...before, stop: '2026-11-01' }, po))).toEqual(['stop']);
    expect(Object.keys(badDateOrder(before, { ...before, start: '2026-12-01' }, po))).toEqual(['start']);
  });

  it('given a record already holding a bad pair, when a save leaves both dates as they are, then it goes through; when it moves one and the pair stays bad, it is refused', () => {
    const old = { start: '2026-11-20', stop: '2026-11-01', name: 'A' };
    expect(badDateOrder(old, { ...old, name: 'B' }, po)).toEqual({});
    expect(badDateOrder(old, { ...old, stop: '2026-11-02' }, po)).toEqual({ stop: 'must not be before the start date (11/20/2026)' });
    // Mending it is fine.
    expect(badDateOrder(old, { ...old, stop: '2026-11-25' }, po)).toEqual({});
  });

  it('given a bad pair, then checkDateOrder refuses with a message in words and the fields', () => {
    const e = refusedWith(() => checkDateOrder({}, { stop: '2026-11-01', start: '2026-11-02' }, po));
    expect(e.code).toBe('invalid');
    expect(e.message).toBe('Stop date must not be before the start date (11/02/2026)');
    expect(Object.keys(e.fields).sort()).toEqual(['start', 'stop']);
  });
});
