import { describe, expect, it } from 'vitest';
import { jobDecider } from './job.ts';
import type { JobEvent } from './events.ts';
import { given } from '../shared/testing.ts';
import { decideTicketProduction, type CountTicketProduction } from './ticket-production.ts';
import { segmentTotals } from './rules.ts';

const job = [
  { type: 'JobCreated', data: { id: '5', values: { form_type: 'attorca', job_number: 'J-5' } } },
  { type: 'JobCibeItemAdded', data: { id: '300', line: { id: '300', job: '5', line_number: 1, issued_item_code: 'BORE-2', issued_item_qty: 200 } } },
  { type: 'JobCibeItemAdded', data: { id: '301', line: { id: '301', job: '5', line_number: 2, issued_item_code: 'HH-1', issued_item_qty: 4, CIBE_item_qty: 1 } } },
  { type: 'JobCibeItemAdded', data: { id: '302', line: { id: '302', job: '5', line_number: 3, issued_item_code: 'SPL', issued_item_qty: 2, CIBE_item_qty: 0, line_zeroed: true } } },
  { type: 'JobSegmentAdded', data: { id: '400', line: { id: '400', job: '5', number: 1, segment_number: 'S1', feet: 400 } } },
  { type: 'JobSegmentAdded', data: { id: '401', line: { id: '401', job: '5', number: 2, segment_number: 'S2', feet: 1000 } } },
] as unknown as JobEvent[];

const count = (ticket: string, c: CountTicketProduction['count']): CountTicketProduction => ({ type: 'CountTicketProduction', ticket, account_ticket_number: `T-${ticket}`, count: c });
const by = (cibe: Record<string, number>, feet: number, segment: { ref?: string; number?: string } = { number: 'S1' }) => ({ cibe, feet, segment_ref: segment.ref ?? null, segment_number: segment.number ?? null });

/** The job after the given events and each command in turn. */
function run(events: JobEvent[], ...commands: CountTicketProduction[]) {
  let all = [...events];
  for (const c of commands) all = [...all, ...given(jobDecider, all).when(c)];
  return given(jobDecider, all).state;
}
const cibeQty = (s: ReturnType<typeof run>, id: string) => s.lines.job_cibe_items[id].CIBE_item_qty;
const segment = (s: ReturnType<typeof run>, id: string) => segmentTotals(s.lines.job_segments[id], []);

describe('approved production counted on the job', () => {
  it('given a blank and a counted CIBE line, when a ticket counts on both, then its quantities are added and the segment\'s feet move', () => {
    const s = run(job, count('9', by({ 300: 120, 301: 2 }, 120)));
    expect([cibeQty(s, '300'), cibeQty(s, '301')]).toEqual([120, 3]);
    expect(s.lines.job_segments['400'].ticket_feet).toBe(120);
    expect(segment(s, '400')).toMatchObject({ segment_total_feet: 120, percent_complete: 30 });
  });

  it('given a counted ticket, when it counts again with other figures, then only the difference is added', () => {
    const s = run(job, count('9', by({ 300: 120 }, 120)), count('9', by({ 300: 150, 301: 1 }, 150)));
    expect([cibeQty(s, '300'), cibeQty(s, '301')]).toEqual([150, 2]);
    expect(s.lines.job_segments['400'].ticket_feet).toBe(150);
  });

  it('given a counted ticket, when it counts the same again, then no events', () => {
    const s = given(jobDecider, [...job, ...given(jobDecider, job).when(count('9', by({ 300: 120 }, 120)))]);
    expect(s.when(count('9', by({ 300: 120 }, 120)))).toEqual([]);
  });

  it('given two tickets on one line, when one is taken out, then the other\'s quantity stays', () => {
    const both = run(job, count('9', by({ 300: 120 }, 120)), count('10', by({ 300: 30 }, 30)));
    expect(cibeQty(both, '300')).toBe(150);
    expect(both.lines.job_segments['400'].ticket_feet).toBe(150);
    const one = run(job, count('9', by({ 300: 120 }, 120)), count('10', by({ 300: 30 }, 30)), count('9', null));
    expect(cibeQty(one, '300')).toBe(30);
    expect(one.lines.job_segments['400'].ticket_feet).toBe(30);
  });

  it('given a ticket counted on a blank line, when taken out, then the line is blank again and the segment has no ticket feet', () => {
    const s = run(job, count('9', by({ 300: 120, 301: 2 }, 120)), count('9', null));
    expect(cibeQty(s, '300')).toBeNull();
    expect(cibeQty(s, '301')).toBe(1);
    expect(s.lines.job_segments['400'].ticket_feet).toBeNull();
    expect(s.counted_tickets).toEqual({});
  });

  it('given a zeroed CIBE line, when a ticket counts on it and is taken out, then it stays 0, not blank', () => {
    const s = run(job, count('9', by({ 302: 1 }, 0)), count('9', null));
    expect(cibeQty(s, '302')).toBe(0);
  });

  it('given a CIBE line deleted since, then it is skipped and the others count', () => {
    const removed = [...job, { type: 'JobCibeItemRemoved', data: { id: '300' } }] as unknown as JobEvent[];
    const s = run(removed, count('9', by({ 300: 120, 301: 2 }, 0)));
    expect(s.lines.job_cibe_items['300']).toBeUndefined();
    expect(cibeQty(s, '301')).toBe(3);
  });

  it('given a segment named by its line id, or by its number, then that segment counts the feet; neither, then no segment', () => {
    expect(run(job, count('9', by({}, 500, { ref: '401' }))).lines.job_segments['401'].ticket_feet).toBe(500);
    const byNumber = run(job, count('9', by({}, 500, { number: 'S2' })));
    expect(segment(byNumber, '401')).toMatchObject({ segment_total_feet: 500, percent_complete: 50 });
    const nowhere = run(job, count('9', by({ 300: 5 }, 500, {})));
    expect([nowhere.lines.job_segments['400'].ticket_feet, nowhere.lines.job_segments['401'].ticket_feet]).toEqual([undefined, undefined]);
    expect(nowhere.counted_tickets?.['9']).toMatchObject({ segment: null, feet: 500 });
  });

  it('given a ticket moving its feet from one segment to another, then the first loses them and the second gains them', () => {
    const s = run(job, count('9', by({}, 100, { number: 'S1' })), count('9', by({}, 100, { number: 'S2' })));
    expect([s.lines.job_segments['400'].ticket_feet, s.lines.job_segments['401'].ticket_feet]).toEqual([null, 100]);
  });

  it('given quantities floating point gets wrong, then they stay to 4 decimals', () => {
    const events = decideTicketProduction(count('9', by({ 300: 0.1 + 0.2 }, 0)), given(jobDecider, job).state);
    expect(events[0]).toMatchObject({ type: 'CibeQtyCounted', data: { id: '300', changes: { CIBE_item_qty: { old: null, new: 0.3 } }, ticket: '9', account_ticket_number: 'T-9' } });
  });
});
