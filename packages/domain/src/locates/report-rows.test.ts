import { describe, expect, it } from 'vitest';
import { locateDecider, type LocateState } from './locate.ts';
import type { LocateCommand } from './commands.ts';
import { locateView } from './view.ts';
import { DEFAULT_LOCATE_RULES } from './rules.ts';
import { chainText, locateReportRows, taskText, type LocateReportSource } from './report-rows.ts';
import { meta } from '../shared/testing.ts';

const TODAY = '2026-11-22';
const rules = DEFAULT_LOCATE_RULES;
let nextLine = 500;

/** A locate built through the decider, its view as the read model stores it (days of the day it was stored). */
function locate(id: string, values: Record<string, unknown>, reUps: Record<string, unknown>[] = [], titles: Partial<LocateReportSource> = {}, lines: [string, Record<string, unknown>][] = []): LocateReportSource {
  let state: LocateState = locateDecider.initialState;
  let version = 0;
  const run = (c: LocateCommand) => {
    for (const e of locateDecider.decide(c, state, meta())) state = locateDecider.evolve(state, e, { ...meta(), version: ++version });
  };
  run({ type: 'CreateLocate', locateId: id, values: { form_type: 'base_locate', ...values }, rules });
  for (const [collection, v] of lines) run({ type: 'AddLine', collection, lineId: String(nextLine++), values: v });
  for (const r of reUps) run({ type: 'ReUpLocate', values: r, base: version, lineIds: [String(nextLine++), String(nextLine++)], today: '2026-11-10', rules });
  return { view: locateView(state, '2026-11-01'), ...titles };
}

const late = locate('3', { current_ticket_number: 'L-3', current_date_submitted: '2026-11-20' });
const soon = locate(
  '2',
  { current_ticket_number: 'S-1', current_alt_ticket_number: 'ALT-9', current_date_submitted: '2026-11-05', account_job_number: '1001', task_id: 'T-100' },
  [{ ticket_number: 'S-2', date_submitted: '2026-11-12' }],
  { job_title: 'Elm St fibre', task_title: 'Pull fibre' },
  [
    ['locate_customer_data', { customer: 'AT&T', job_number: 'C-77' }],
    ['locate_crews', { crew_name: 'Bore Crew A' }],
    ['locate_crews', { crew_name: 'Splice Team' }],
  ],
);
const expired = locate('9', { current_ticket_number: 'X-1', current_date_submitted: '2026-11-01', locate_status: 'Marked' });
const undated = locate('1', { current_ticket_number: 'U-1' });

describe('the locates report rows', () => {
  it("given locates stored days ago, when reported, then the list's order (soonest expiry first, undated last) with today's days left", () => {
    const { rows, label } = locateReportRows([undated, late, soon, expired], TODAY);
    expect(rows.map((r) => r.ticket_number)).toEqual(['X-1', 'S-2', 'L-3', 'U-1']);
    // X-1 expired 11/15; S-2 re-upped 11/12: work 11/14, expires 11/28; L-3 expires 12/04.
    expect(rows.map((r) => [r.date_expiration, r.days_left, r.days_colour])).toEqual([
      ['2026-11-15', -7, 'red'],
      ['2026-11-28', 6, 'orange'],
      ['2026-12-04', 12, null],
      [null, null, null],
    ]);
    expect(label).toBe('Totals (4 locates)');
  });

  it('given a re-upped locate on a job task, then its row names the job, the task, the re-ups and the ticket chain', () => {
    const [row] = locateReportRows([soon], TODAY).rows;
    expect(row).toEqual({
      id: '2',
      ticket_number: 'S-2',
      alt_ticket_number: 'ALT-9',
      locate_status: 'Active',
      ticket_type: 'Update',
      date_submitted: '2026-11-12',
      work_date: '2026-11-14',
      date_expiration: '2026-11-28',
      days_left: 6,
      days_colour: 'orange',
      job_number: '1001',
      job_title: 'Elm St fibre',
      task: 'T-100 Pull fibre',
      customer: 'AT&T',
      crews: 'Bore Crew A, Splice Team',
      re_ups: 1,
      ticket_chain: 'S-1 > S-2',
    });
  });

  it('given the selection, then the totals count the locates, the expired, those due within 5 days and every re-up', () => {
    const due = locate('4', { current_ticket_number: 'D-1', current_date_submitted: '2026-11-10' });
    expect(locateReportRows([undated, late, soon, expired, due], TODAY).totals).toEqual({ locates: 5, expired: 1, red: 1, re_ups: 1 });
  });

  it('given a task or a chain with parts missing, then the cell shows what there is', () => {
    expect([taskText('T-1', null), taskText(null, 'Splice'), taskText(null, '  ')]).toEqual(['T-1', 'Splice', null]);
    expect([chainText([]), chainText(['A']), chainText(undefined)]).toEqual([null, 'A', null]);
  });
});
