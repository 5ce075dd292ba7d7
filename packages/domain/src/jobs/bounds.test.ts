/** A job's totals from the extremes its fields accept: always finite numbers, never null or NaN. */
import { describe, expect, it } from 'vitest';
import { jobDecider, type JobState } from './job.ts';
import { jobView } from './view.ts';
import { MONEY_MAX, QUANTITY_MAX } from '../shared/fields.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';

const TOTALS = ['total_po_item_amounts', 'total_change_orders', 'total_job', 'total_job_invoiced_actual', 'total_crew_payouts', 'total_payouts', 'total_gross_profit', 'job_operations_gross_profit'] as const;

/** A job with the lines given, each added through the decider (so each value is parsed as a client's would be). */
function jobWith(lines: [collection: string, values: Record<string, unknown>][]): JobState {
  let state = given(jobDecider, []).then({ type: 'CreateJob', jobId: '1', values: { estimated_payout: MONEY_MAX } }).state;
  lines.forEach(([collection, values], i) => {
    const events = jobDecider.decide({ type: 'AddLine', collection, lineId: String(100 + i), values }, state, meta());
    state = events.reduce((s, e) => jobDecider.evolve(s, e, meta()), state);
  });
  return state;
}

describe('a job\'s totals within the fields\' bounds', () => {
  it('given a hundred lines of each kind at the largest quantity, price and amount accepted, when the job is shown, then every total is a finite number', () => {
    const many = (n: number, collection: string, values: Record<string, unknown>) => Array.from({ length: n }, () => [collection, values] as [string, Record<string, unknown>]);
    const state = jobWith([
      ...many(100, 'job_items', { qty: QUANTITY_MAX, price: MONEY_MAX }),
      ...many(100, 'job_change_orders', { qty: String(QUANTITY_MAX), price: String(MONEY_MAX) }),
      ...many(100, 'job_invoices', { invoice_amount: MONEY_MAX }),
      ...many(100, 'job_invoices', { invoice_amount: -MONEY_MAX }),
      ...many(100, 'job_crew_payouts', { crew_payout_amount: MONEY_MAX }),
    ]);
    const view = jobView(state);
    for (const t of TOTALS) expect(Number.isFinite(view[t]), t).toBe(true);
    expect(view.total_job).toBeGreaterThan(0);
    expect(Number.isFinite(view.payout_pct_of_total)).toBe(true);
  });

  it.each([
    ['job_items', { qty: 1e308, price: 2 }, 'qty'],
    ['job_items', { qty: 2, price: '1e400' }, 'price'],
    ['job_change_orders', { qty: -5, price: 2 }, 'qty'],
    ['job_crew_payouts', { crew_payout_amount: 'Infinity' }, 'crew_payout_amount'],
    ['job_invoices', { invoice_amount: -MONEY_MAX * 10 }, 'invoice_amount'],
  ])('given a %s line with %j, when added, then it is refused naming %s and the totals stay as they were', (collection, values, field) => {
    const state = jobWith([['job_items', { qty: 2, price: 5 }]]);
    const e = refusedWith(() => jobDecider.decide({ type: 'AddLine', collection, lineId: '900', values }, state, meta()));
    expect(Object.keys(e.fields)).toEqual([field]);
    expect(jobView(state).total_job).toBe(10);
  });
});
