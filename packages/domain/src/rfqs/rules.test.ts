import { describe, expect, it } from 'vitest';
import { estimateFigures, marginOf, rfqDaysLeft, rfqFigures, segmentFigures } from './rules.ts';
import { rfqEstimates } from './collections.ts';

const line = (id: string, v: Record<string, unknown>) => ({ id, ...v });

describe('an estimate’s cost and price', () => {
  it('given qty, price and margin, when figured, then cost = qty × price and price = cost / (1 − margin/100), in cents', () => {
    expect(estimateFigures(line('1', { qty: 100, price: 2.5, estimate_margin_assumption: 30 }))).toEqual({ total_cost: 250, total_price: 357.14 });
    expect(estimateFigures(line('1', { qty: 3, price: 0.333, estimate_margin_assumption: 50 }))).toEqual({ total_cost: 1, total_price: 2 });
  });

  it('given a margin of 99.5, then it is accepted and the price is 200 times the cost', () => {
    expect(estimateFigures(line('1', { qty: 1, price: 10, estimate_margin_assumption: 99.5 }))).toEqual({ total_cost: 10, total_price: 2000 });
    expect(rfqEstimates.schema.safeParse({ segment: '50', estimate_margin_assumption: 99.5 }).success).toBe(true);
  });

  it('given a margin of 100 or more, then the schema refuses it naming the field', () => {
    const r = rfqEstimates.schema.safeParse({ segment: '50', estimate_margin_assumption: 100 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['estimate_margin_assumption']);
    expect(r.error!.issues[0].message).toMatch(/below 100/);
    expect(estimateFigures(line('1', { qty: 1, price: 10, estimate_margin_assumption: 100 }))).toEqual({ total_cost: null, total_price: null });
  });

  it('given a margin of 0, or qty or price 0 or blank, then both figures are blank', () => {
    for (const v of [
      { qty: 1, price: 10, estimate_margin_assumption: 0 },
      { qty: 0, price: 10, estimate_margin_assumption: 30 },
      { qty: 5, price: 0, estimate_margin_assumption: 30 },
      { qty: null, price: 10, estimate_margin_assumption: 30 },
      { qty: 5, price: '', estimate_margin_assumption: 30 },
    ])
      expect(estimateFigures(line('1', v)), JSON.stringify(v)).toEqual({ total_cost: null, total_price: null });
  });

  it('given numbers as strings (the old client), then they are figured the same', () => {
    expect(estimateFigures(line('1', { qty: '100', price: '2.50', estimate_margin_assumption: '30' }))).toEqual({ total_cost: 250, total_price: 357.14 });
  });

  it('given cost and price, then the margin is a whole percent of the price; none without a price', () => {
    expect(marginOf(70, 100)).toBe(30);
    expect(marginOf(2, 3)).toBe(33);
    expect(marginOf(10, 0)).toBeNull();
  });
});

// A hand calculation: labor 10 h × 50 at 20% → 500 / 625; materials 200 ft × 1.10 at 30% → 220 / 314.29;
// a Misc line 1 × 99.99 at 10% → 99.99 / 111.10; a blank line (qty 0) counts for nothing.
const mixed = [
  line('1', { work_type: 'Labor', qty: 10, price: 50, estimate_margin_assumption: 20 }),
  line('2', { work_type: 'Materials', qty: 200, price: 1.1, estimate_margin_assumption: 30 }),
  line('3', { work_type: 'Misc', qty: 1, price: 99.99, estimate_margin_assumption: 10 }),
  line('4', { work_type: 'Equipment', qty: 0, price: 400, estimate_margin_assumption: 30 }),
];

describe('a segment’s figures', () => {
  it('given mixed estimates, when figured, then the price per category, the total cost and price in cents, and the margin they leave', () => {
    expect(segmentFigures(mixed)).toEqual({
      estimate_total_labor: 625,
      estimate_total_materials: 314.29,
      estimate_total_equipment: 0,
      estimate_total_transportation: 0,
      estimate_total_overhead: 0,
      estimate_total_other: 111.1,
      estimate_total_cost: 819.99,
      estimate_total_price: 1050.39,
      // (1050.39 − 819.99) / 1050.39 = 21.9%
      estimate_calculated_margin: 22,
    });
  });

  it('given Transport and Overhead lines, then they total as transportation and overhead', () => {
    const f = segmentFigures([line('1', { work_type: 'Transport', qty: 2, price: 35, estimate_margin_assumption: 30 }), line('2', { work_type: 'Overhead', qty: 1, price: 70, estimate_margin_assumption: 30 })]);
    expect([f.estimate_total_transportation, f.estimate_total_overhead, f.estimate_total_price]).toEqual([100, 100, 200]);
  });

  it('given no estimates, then zeros and no margin', () => {
    expect(segmentFigures([])).toMatchObject({ estimate_total_cost: 0, estimate_total_price: 0, estimate_calculated_margin: null });
  });
});

describe('the RFQ’s figures', () => {
  it('given two segments, when figured, then the total, cost, feet, days, whole-percent margin, price per foot and the per-category totals', () => {
    const f = rfqFigures([
      { segment: line('10', { feet: 1200, days_required: 3 }), estimates: mixed },
      { segment: line('11', { feet: '300.5', days_required: '1.5' }), estimates: [line('5', { work_type: 'Labor', qty: 8, price: 45, estimate_margin_assumption: 25 })] },
    ]);
    // The second segment: 360 cost, 480 price.
    expect(f).toEqual({
      rfq_total: 1530.39,
      rfq_total_cost: 1179.99,
      rfq_total_feet: 1500.5,
      rfq_total_days: 4.5,
      rfq_margin_calculated: 23,
      rfq_total_per_foot_calc: 1.02,
      rfq_total_labor: 1105,
      rfq_total_materials: 314.29,
      rfq_total_equipment: 0,
      rfq_total_transportation: 0,
      rfq_total_overhead: 0,
      rfq_total_other: 111.1,
    });
  });

  it('given no feet, then no price per foot', () => {
    expect(rfqFigures([{ segment: line('10', { feet: null }), estimates: mixed }]).rfq_total_per_foot_calc).toBeNull();
  });

  it('given a bid due date, then the days left are red under 4 and orange under 7', () => {
    expect(rfqDaysLeft('2026-11-23', '2026-11-20')).toEqual({ rfq_days_left: 3, rfq_days_colour: 'red' });
    expect(rfqDaysLeft('2026-11-26', '2026-11-20')).toEqual({ rfq_days_left: 6, rfq_days_colour: 'orange' });
    expect(['red', 'orange']).not.toContain(rfqDaysLeft('2026-11-27', '2026-11-20').rfq_days_colour);
    expect(rfqDaysLeft(null, '2026-11-20').rfq_days_left).toBeNull();
  });
});
