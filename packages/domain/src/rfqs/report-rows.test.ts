import { describe, expect, it } from 'vitest';
import { rfqManagementRows } from './report-rows.ts';

// Friday 20 November 2026.
const today = '2026-11-20';
const view = (id: string, v: Record<string, unknown>) => ({ id, account_rfq_number: String(1000 + Number(id)), rfq_status: 'New', ...v });

const soon = view('3', { title: 'Main St bore', customer: 'City Fibre', rfq_date: '2026-11-01', bid_due_date: '2026-11-22', rfq_total_feet: 1000.25, rfq_total_days: 2.5, rfq_total_cost: 1020, rfq_total: 1439.29, rfq_margin_calculated: 29, rfq_total_per_foot_calc: 1.44 });
const later = view('1', { title: 'Oak Ave trench', customer: 'Metro Net', rfq_status: 'Submitted', bid_due_date: '2026-12-20', rfq_total_feet: '250', rfq_total_days: '1', rfq_total_cost: '300.1', rfq_total: '500.2', rfq_margin_calculated: 40, rfq_total_per_foot_calc: 2 });
const undated = view('2', { title: '  ', rfq_total_feet: 0, rfq_total_days: 0, rfq_total_cost: 0, rfq_total: 0, rfq_margin_calculated: null, rfq_total_per_foot_calc: null });
const overdue = view('4', { title: 'Late', bid_due_date: '2026-11-18', rfq_total_cost: 0.1, rfq_total: 0.2, rfq_margin_calculated: 50 });

describe('the RFQ management report rows', () => {
  it('given RFQs, when shaped, then bid due soonest first (the list’s order), undated last, each with its number, title, customer, status, dates, days left, feet, days, cost, total, margin and per foot', () => {
    const { rows } = rfqManagementRows([later, undated, soon, overdue], today);
    expect(rows.map((r) => r.id)).toEqual(['4', '3', '1', '2']);
    expect(rows[1]).toEqual({
      id: '3',
      account_rfq_number: '1003',
      title: 'Main St bore',
      customer: 'City Fibre',
      rfq_status: 'New',
      rfq_date: '2026-11-01',
      bid_due_date: '2026-11-22',
      days_left: 2,
      days_colour: 'red',
      feet: 1000.25,
      days: 2.5,
      cost: 1020,
      total: 1439.29,
      margin: 29,
      per_foot: 1.44,
    });
    expect(rows[2]).toMatchObject({ rfq_status: 'Submitted', feet: 250, cost: 300.1, total: 500.2, days_left: 30 });
    expect(rows[3]).toMatchObject({ title: null, days_left: null, margin: null, per_foot: null });
  });

  it('given RFQs, when totalled, then the money summed in cents, the feet and days, the margin and the price per foot of the totals, and the overdue count', () => {
    const { totals, label } = rfqManagementRows([later, undated, soon, overdue], today);
    // Cost 1020 + 300.10 + 0.10 = 1320.20; total 1439.29 + 500.20 + 0.20 = 1939.69; margin 619.49 / 1939.69 = 31.9%; per foot 1939.69 / 1250.25 = 1.55.
    expect(totals).toEqual({ rfqs: 4, feet: 1250.25, days: 3.5, cost: 1320.2, total: 1939.69, margin: 32, per_foot: 1.55, overdue: 1 });
    expect(label).toBe('Totals (4 RFQs)');
  });

  it('given amounts whose float sum drifts, then the totals are exact cents', () => {
    const { totals } = rfqManagementRows([view('1', { rfq_total: 0.1, rfq_total_cost: 0.1 }), view('2', { rfq_total: 0.2, rfq_total_cost: 0.2 })], today);
    expect([totals.total, totals.cost, totals.margin]).toEqual([0.3, 0.3, 0]);
  });

  it('given nothing selected, then no rows and zero totals with no margin or price per foot', () => {
    expect(rfqManagementRows([], today)).toEqual({ rows: [], totals: { rfqs: 0, feet: 0, days: 0, cost: 0, total: 0, margin: null, per_foot: null, overdue: 0 }, label: 'Totals (0 RFQs)' });
    expect(rfqManagementRows([soon], today).label).toBe('Totals (1 RFQ)');
  });
});
