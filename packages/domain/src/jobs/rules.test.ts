import { describe, expect, it } from 'vitest';
import { JOB_COLOURS, jobColourBackground, jobTotals, lineTotal, productionFormOf, segmentPercentComplete, segmentRollup } from './rules.ts';

const line = (id: string, v: Record<string, unknown>) => ({ id, ...v });

describe('job rules', () => {
  it('a line total is qty x price to the cent, only when both are above 0', () => {
    expect(lineTotal(line('1', { qty: 3, price: 19.99 }))).toBe(59.97);
    expect(lineTotal(line('1', { qty: '2.5', price: '4' }))).toBe(10);
    expect(lineTotal(line('1', { qty: 0, price: 5 }))).toBeNull();
    expect(lineTotal(line('1', { qty: 5, price: -1 }))).toBeNull();
    expect(lineTotal(line('1', { qty: 4, cost: 2.25 }), 'qty', 'cost')).toBe(9);
  });

  it('given items, change orders, invoices and payouts, then every job total of spec 2 section 3 follows in exact cents', () => {
    const t = jobTotals({
      items: [line('1', { total_price: 1000.1 }), line('2', { total_price: 0.2 })],
      changeOrders: [line('3', { total_price: 99.7 })],
      invoices: [line('4', { invoice_amount: 600 }), line('5', { invoice_amount: 0.3 })],
      payouts: [line('6', { crew_payout_amount: 300, category: 'Crew Payout' }), line('7', { crew_payout_amount: 50.05, category: 'Materials Payout' })],
      estimatedPayout: 400,
    });
    expect(t).toEqual({
      total_po_item_amounts: 1000.3,
      total_change_orders: 99.7,
      total_job: 1100,
      total_job_invoiced_actual: 600.3,
      total_crew_payouts: 300,
      total_payouts: 350.05,
      payout_pct_of_total: 75,
      total_gross_profit: 800,
      job_operations_gross_profit: 250.25,
    });
  });

  it('given no estimated payout, then no payout percent; empty lines give zero totals', () => {
    const t = jobTotals({ items: [], changeOrders: [], invoices: [], payouts: [], estimatedPayout: null });
    expect(t.payout_pct_of_total).toBeNull();
    expect(t.total_job).toBe(0);
  });

  it('segment percent complete is actual over planned feet x 100, rounded; productions roll up by segment number', () => {
    expect(segmentPercentComplete(333, 1000)).toBe(33);
    expect(segmentPercentComplete(10, 0)).toBeNull();
    const rollup = segmentRollup(line('s', { segment_number: 'S1', feet: 800 }), [
      line('p1', { segment_number: 'S1', feet: 200, production_days: 1, crew_payout_amount: 500 }),
      line('p2', { segment_number: 'S1', feet: '100', production_days: 0.5 }),
      line('p3', { segment_number: 'S2', feet: 999 }),
    ]);
    expect(rollup).toEqual({ actual_feet: 300, actual_days: 1.5, production_payouts: 500, percent_complete: 38 });
  });

  it('the 17 colours: None and 8 colours strong at .7 and light at .3', () => {
    expect(JOB_COLOURS).toHaveLength(17);
    expect(jobColourBackground('Pink')).toBe('rgba(230, 73, 128, 0.7)');
    expect(jobColourBackground('Pink Lt')).toBe('rgba(230, 73, 128, 0.3)');
    expect(jobColourBackground('None')).toBeNull();
  });

  it('base work types map to their production form', () => {
    expect(productionFormOf('Handhole')).toBe('handhole');
    expect(['Coupler Install', 'Pipe Stubbed', 'Splice'].map(productionFormOf)).toEqual(['single_point', 'single_point', 'single_point']);
    expect(productionFormOf('Bore')).toBe('from_to');
  });
});
