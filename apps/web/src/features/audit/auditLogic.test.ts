import { describe, expect, it } from 'vitest';
import { changeText, changesText, exportFilter, filterOfParams, rangeBound, recordText, valueText, verifyText, whoText, withFilter } from './auditLogic';

describe('the audit trail filters in the URL', () => {
  it('given a link with filters, when read, then the list call gets each known non-blank filter but q', () => {
    const params = new URLSearchParams('from=2026-10-01T00:00:00.000-04:00&user=7&area=jobs&record=&type=JobClosed&q=bore&page=3');
    expect(filterOfParams(params)).toEqual({ from: '2026-10-01T00:00:00.000-04:00', user: '7', area: 'jobs', type: 'JobClosed' });
  });

  it('given filters, when one is set or cleared, then the others and q stay', () => {
    const params = new URLSearchParams('area=jobs&q=bore');
    expect(withFilter(params, 'user', '9').toString()).toBe('area=jobs&q=bore&user=9');
    expect(withFilter(params, 'area', '').toString()).toBe('q=bore');
    expect(withFilter(params, 'q', null).toString()).toBe('area=jobs');
  });

  it('given the find box has words, when exported, then they go with the filters', () => {
    expect(exportFilter({ area: 'jobs' }, ' bore ')).toEqual({ area: 'jobs', q: 'bore' });
    expect(exportFilter({ area: 'jobs' }, '  ')).toEqual({ area: 'jobs' });
  });

  it('given a picked minute, when it bounds the range, then from is its first instant and to its last, with the offset', () => {
    expect(rangeBound('2026-10-31 23:59:00', 'to')).toMatch(/^2026-10-31T23:59:59\.999[+-]\d\d:\d\d$/);
    expect(rangeBound('2026-10-01 08:30:00', 'from')).toMatch(/^2026-10-01T08:30:00\.000[+-]\d\d:\d\d$/);
    expect(rangeBound(null, 'from')).toBeNull();
  });
});

describe('a trail row in words', () => {
  it('given changes of the record and of a line, when shown, then each reads field: old → new, lines named', () => {
    expect(changeText({ field: 'status', line: null, old: 'Open', new: 'Closed' })).toBe('status: Open → Closed');
    expect(changeText({ field: 'invoice_amount', line: 3, old: 10, new: 20 })).toBe('Line 3 · invoice amount: 10 → 20');
    expect(changeText({ field: 'crew', line: 'Crew B', old: null, new: 'Smith' })).toBe('Crew B · crew: (blank) → Smith');
    expect(changesText({ changes: [{ field: 'a', line: null, old: true, new: false }, { field: 'b', line: null, old: [], new: ['x', 'y'] }] })).toBe('a: yes → no; b: (none) → x, y');
  });

  it('given values of every kind, when shown, then blanks say so and objects are short', () => {
    expect(valueText('')).toBe('(blank)');
    expect(valueText(0)).toBe('0');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('given who did it, when shown, then the name with the role, or the id, or System', () => {
    expect(whoText({ user_name: 'Ann Smith', user_id: '4', role: 'office' })).toBe('Ann Smith (office)');
    expect(whoText({ user_name: null, user_id: '4', role: null })).toBe('User 4');
    expect(whoText({ user_name: null, user_id: null, role: null })).toBe('System');
  });

  it('given a record, when named, then number and title, else its id', () => {
    expect(recordText({ record_number: '1004', record_title: 'Main St bore', record_id: '12' })).toBe('1004 Main St bore');
    expect(recordText({ record_number: null, record_title: null, record_id: '12' })).toBe('#12');
  });
});

describe('the history check in words', () => {
  it('given a healthy chain, when answered, then what was checked', () => {
    const said = verifyText({ ok: true, events_checked: 1234, anchors_checked: 2, first_broken: null });
    expect(said).toEqual({ ok: true, title: 'History verified', text: '1,234 events and 2 anchors checked: nothing was changed, removed or inserted.' });
  });

  it('given a broken chain, when answered, then the first broken position, stream and reason', () => {
    const said = verifyText({ ok: false, events_checked: 40, anchors_checked: 1, first_broken: { position: '812:17', stream: 'job-3', reason: 'hash does not match the event' } });
    expect(said.ok).toBe(false);
    expect(said.text).toBe('The chain first breaks at position 812:17 (stream job-3): hash does not match the event. 40 events and 1 anchor checked.');
    const anchor = verifyText({ ok: false, events_checked: 40, anchors_checked: 1, first_broken: { position: '812:17', stream: null, reason: 'the anchor does not match' } });
    expect(anchor.text).toMatch(/^The chain first breaks at position 812:17: the anchor does not match\./);
  });
});
