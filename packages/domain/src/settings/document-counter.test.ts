import { describe, expect, it } from 'vitest';
import { documentCounterDecider, type DocumentCounterState } from './document-counter.ts';
import type { DocumentCounterEvent } from './events.ts';
import type { DocumentCounterCommand } from './commands.ts';
import { given, meta } from '../shared/testing.ts';
import { DomainError } from '../shared/decider.ts';
import { documentCounterView } from './view.ts';

const opened: DocumentCounterEvent = { type: 'DocumentCounterOpened', data: { id: '50', kind: 'job' } };
const issued = (number: number): DocumentCounterEvent => ({ type: 'DocumentNumberIssued', data: { kind: 'job', number } });
const set = (number: number, previous: number): DocumentCounterEvent => ({ type: 'CurrentNumberSet', data: { kind: 'job', number, previous } });

/** Run commands one after another, as the API does, and return every event and the final state. */
function run(events: DocumentCounterEvent[], commands: DocumentCounterCommand[]) {
  let state: DocumentCounterState = given(documentCounterDecider, events).state;
  const out: DocumentCounterEvent[] = [];
  for (const c of commands) {
    const es = documentCounterDecider.decide(c, state, meta());
    out.push(...es);
    state = es.reduce((s, e) => documentCounterDecider.evolve(s, e, meta()), state);
  }
  return { events: out, state };
}

describe('document counter decider', () => {
  it('given numbers that records hold already (job numbers typed by hand), when a number is issued, then they are passed by and named', () => {
    const { events, state } = run([opened, issued(4)], [{ type: 'IssueNumber', held: [5, 6, 9] }, { type: 'IssueNumber', held: [5, 6, 9] }, { type: 'IssueNumber', held: [5, 6, 9] }]);
    expect(events).toEqual([
      { type: 'DocumentNumberIssued', data: { kind: 'job', number: 7, skipped: [5, 6] } },
      { type: 'DocumentNumberIssued', data: { kind: 'job', number: 8 } },
      { type: 'DocumentNumberIssued', data: { kind: 'job', number: 10, skipped: [9] } },
    ]);
    expect(state).toMatchObject({ number: 10, highest_issued: 10 });
  });

  it('given no counter, when it is opened for a kind, then DocumentCounterOpened at number 0; opening it again changes nothing', () => {
    const g = given(documentCounterDecider, []).then({ type: 'OpenRecord', id: '50', key: 'work_order' });
    expect(g.events).toEqual([{ type: 'DocumentCounterOpened', data: { id: '50', kind: 'work_order' } }]);
    expect(g.state).toMatchObject({ id: '50', kind: 'work_order', number: 0, highest_issued: 0 });
    expect(given(documentCounterDecider, [opened]).when({ type: 'OpenRecord', id: '51', key: 'job' })).toEqual([]);
  });

  it('given no counter, when a number is issued or set, then not_found', () => {
    expect(() => given(documentCounterDecider, []).when({ type: 'IssueNumber' })).toThrow(/not found/);
    expect(() => given(documentCounterDecider, []).when({ type: 'SetCurrentNumber', number: 5 })).toThrow(DomainError);
  });

  it('given a new counter, when a number is issued, then DocumentNumberIssued with 1, and number and highest_issued become 1', () => {
    const { events, state } = given(documentCounterDecider, [opened]).then({ type: 'IssueNumber' });
    expect(events).toEqual([{ type: 'DocumentNumberIssued', data: { kind: 'job', number: 1 } }]);
    expect(state).toMatchObject({ number: 1, highest_issued: 1, last_updated: meta().at });
  });

  it('given numbers 1 to 3 issued, when another is issued, then it is 4', () => {
    const [e] = given(documentCounterDecider, [opened, issued(1), issued(2), issued(3)]).when({ type: 'IssueNumber' });
    expect(e.data).toMatchObject({ number: 4 });
  });

  it('given a counter, when it is set to 1000 and a number is issued, then CurrentNumberSet (with the previous value) and then 1001', () => {
    const { events, state } = run([opened, issued(1)], [{ type: 'SetCurrentNumber', number: 1000 }, { type: 'IssueNumber' }]);
    expect(events).toEqual([
      { type: 'CurrentNumberSet', data: { kind: 'job', number: 1000, previous: 1 } },
      { type: 'DocumentNumberIssued', data: { kind: 'job', number: 1001 } },
    ]);
    expect(state).toMatchObject({ number: 1001, highest_issued: 1001 });
  });

  it('given a counter set forward to 1000 with nothing issued past 5, when it is set back to 10, then allowed and the next is 11', () => {
    const { events, state } = run([opened, issued(5), set(1000, 5)], [{ type: 'SetCurrentNumber', number: 10 }, { type: 'IssueNumber' }]);
    expect(events.map((e) => (e.type === 'DocumentCounterOpened' ? null : e.data.number))).toEqual([10, 11]);
    expect(state).toMatchObject({ number: 11, highest_issued: 11 });
  });

  it('given numbers up to 20 issued, when the counter is set to 19, then invalid naming number and no event', () => {
    const g = given(documentCounterDecider, [opened, issued(20)]);
    try {
      g.when({ type: 'SetCurrentNumber', number: 19 });
      expect.unreachable();
    } catch (e) {
      expect((e as DomainError).code).toBe('invalid');
      expect((e as DomainError).fields).toHaveProperty('number');
    }
  });

  it('given a counter moved up and back down, when numbers are issued all along, then no number is ever handed out twice', () => {
    const { events } = run(
      [opened],
      [
        { type: 'IssueNumber' },
        { type: 'IssueNumber' },
        { type: 'SetCurrentNumber', number: 100 },
        { type: 'IssueNumber' },
        { type: 'SetCurrentNumber', number: 101 },
        { type: 'IssueNumber' },
        { type: 'IssueNumber' },
      ],
    );
    const numbers = events.filter((e) => e.type === 'DocumentNumberIssued').map((e) => e.data.number);
    expect(numbers).toEqual([1, 2, 101, 102, 103]);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Setting it back below what was handed out is refused, so it can never repeat 101-103.
    expect(() => run([opened, ...events.filter((e) => e.type !== 'DocumentCounterOpened')], [{ type: 'SetCurrentNumber', number: 102 }])).toThrow(DomainError);
  });

  it('given a counter at 7, when it is set to 7, then no event', () => {
    expect(given(documentCounterDecider, [opened, issued(7)]).when({ type: 'SetCurrentNumber', number: 7 })).toEqual([]);
  });

  it.each([[-1], [2.5], ['12'], [null]])('given a counter, when it is set to %j, then invalid naming number', (n) => {
    expect(() => given(documentCounterDecider, [opened]).when({ type: 'SetCurrentNumber', number: n })).toThrow(/whole number/);
  });

  it('given a counter at 41 (highest issued 30), when shown, then suggested_number is 42 with its path and label', () => {
    const state = given(documentCounterDecider, [{ type: 'DocumentCounterOpened', data: { id: '9', kind: 'work_order' } }, issued(30), set(41, 30)]).state;
    expect(documentCounterView(state)).toMatchObject({ id: '9', kind: 'work_order', path: 'job/work_order', label: 'Work order', number: 41, highest_issued: 30, suggested_number: 42 });
  });
});
