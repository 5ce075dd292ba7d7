import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, ORCA_INVOICE_PAID_STAGE, orcaInvoicePaidStage, orcaInvoiceStatusRank, BASE_DIVISIONS, BASE_INVOICE_STATUSES, BASE_MATERIAL_STATUSES, BASE_WORK_STATUSES, CHANGE_ORDER_STATUSES, DAMAGE_REPORT_STATUSES, LINK_STATUSES, ORCA_WORK_TYPES, PAYOUT_CATEGORIES, PAYOUT_STATUSES, PERCENT_COMPLETE_BASE, jobTotals, marginAgainstEstimate, percentOf, segmentPercentComplete, segmentTotals } from './rules.ts';
import { JOB_COLOURS, jobColourBackground } from '../shared/colours.ts';
import { PRODUCTION_WORK_TYPES, WORK_TYPES_BY_FORM, formTypeOfWorkType } from '../shared/work-types.ts';
import { lineTotal } from '../shared/line-figures.ts';

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

  it('segment percent complete is actual over planned feet x 100, rounded; with no plan there is none', () => {
    expect(segmentPercentComplete(333, 1000)).toBe(33);
    expect(segmentPercentComplete(10, 0)).toBeNull();
    expect(percentOf(1, '3')).toBe(33);
    expect(percentOf(5, null)).toBeNull();
  });

  it('given productions naming a segment, then its totals and percentages of spec 2 section 3 follow from them', () => {
    const totals = segmentTotals(line('s', { segment_number: 'S1', feet: 800, plan_days: 4, estimate_total_labor: 2000 }), [
      line('p1', { segment_number: 'S1', feet: 200, production_days: 1, crew_payout_amount: 500 }),
      line('p2', { segment_number: ' S1 ', feet: '100', production_days: 0.5 }),
      line('p3', { segment_number: 'S2', feet: 999, production_days: 9 }),
    ]);
    expect(totals).toEqual({ segment_total_feet: 300, segment_total_days: 1.5, production_payouts: 500, percent_complete: 38, percent_days_used: 38, percent_labor_used: 25 });
  });

  it('given a segment known only by its number, then productions naming that number count for it', () => {
    expect(segmentTotals(line('s', { number: 2, feet: 100 }), [line('p', { segment_number: '2', feet: 50 })])).toMatchObject({ segment_total_feet: 50, percent_complete: 50 });
  });

  it('given a segment with no number, then no production counts for it, not even those naming none', () => {
    expect(segmentTotals(line('s', { feet: 100 }), [line('p', { feet: 50 })])).toMatchObject({ segment_total_feet: 0, segment_total_days: 0, percent_complete: 0, percent_days_used: null });
  });

  it('the 17 colours: None and 8 colours strong at .7 and light at .3', () => {
    expect(JOB_COLOURS).toHaveLength(17);
    expect(jobColourBackground('Pink')).toBe('rgba(230, 73, 128, 0.7)');
    expect(jobColourBackground('Pink Lt')).toBe('rgba(230, 73, 128, 0.3)');
    expect(jobColourBackground('None')).toBeNull();
  });

});

describe('production work types and form types (spec 3 section 4)', () => {
  it('given the spec\'s list, then every base work type is offered, in its order', () => {
    expect(PRODUCTION_WORK_TYPES).toEqual([
      'Dirt-Plow', 'Dirt-Trench', 'Dirt-Bore', 'Rock-Trench/Saw', 'Rock-Bore', 'Aerial Strand & Lash', 'Existing Duct', 'Duct Install', 'Site Work', 'Re-work',
      'Handhole', 'Coupler Install', 'Pipe Stubbed', 'Splice', 'Other',
    ]);
  });

  it.each<[string, string]>([
    ...WORK_TYPES_BY_FORM.from_to.map((t): [string, string] => [t, 'from_to']),
    ['Handhole', 'handhole'],
    ['Coupler Install', 'single_point'],
    ['Pipe Stubbed', 'single_point'],
    ['Splice', 'single_point'],
    ['Other', 'other'],
  ])('given work type %s, then its form_type is %s', (workType, form) => {
    expect(formTypeOfWorkType(workType)).toBe(form);
  });

  it('given an unknown non-empty work type (an ORCA one, or anything typed), then from_to', () => {
    expect(formTypeOfWorkType('Micro-trench')).toBe('from_to');
    expect(ORCA_WORK_TYPES.map(formTypeOfWorkType)).toEqual(ORCA_WORK_TYPES.map(() => 'from_to'));
  });

  it('given a listed type typed with other case or spacing, then it is still that type', () => {
    expect(formTypeOfWorkType('  handhole ')).toBe('handhole');
    expect(formTypeOfWorkType('coupler   install')).toBe('single_point');
  });

  it('given no work type, then no form', () => {
    expect(formTypeOfWorkType(null)).toBeNull();
    expect(formTypeOfWorkType('')).toBeNull();
    expect(formTypeOfWorkType('   ')).toBeNull();
    expect(formTypeOfWorkType(undefined)).toBeNull();
  });
});

describe('status lists of a base job (spec 2 section 4)', () => {
  it.each([
    ['work status', BASE_WORK_STATUSES, ['New', 'URGENT', 'Rework', 'Current', 'Delayed', 'Near Comp.', 'Complete', 'Canceled', 'Returned']],
    ['invoice status', BASE_INVOICE_STATUSES, ['Not Paid', 'Submitted', 'Approved', 'Denied', 'Paid']],
    ['materials status', BASE_MATERIAL_STATUSES, ['Need', 'Ordered', 'Ready for Pickup', 'Picked up', 'Backordered', 'On-site Ready', 'Installed']],
    ['link status', LINK_STATUSES, ['Need', 'Ordered', 'Ready for Pickup', 'Picked up', 'Backordered', 'On-site Ready', 'Installed']],
    ['change order status', CHANGE_ORDER_STATUSES, ['No C/O', 'Needs C/O', 'Info Requested', 'Have Info', 'Submitted', 'Disapproved', 'Approved', 'C/O Denied']],
    ['payout status', PAYOUT_STATUSES, ['Not Paid', 'Partial (Progress)', 'Partial (C/O not Paid)', 'Paid (No C/O)', 'Paid (including C/O)']],
    ['damage report status', DAMAGE_REPORT_STATUSES, ['New', 'In-process', 'Completed']],
  ] as const)('given the %s list, then it offers NEED STATUS and every value the spec lists, spelled as it spells them', (_name, list, spec) => {
    expect(list).toEqual(['NEED STATUS', ...spec]);
  });

  it('given the kind lists, then they offer the spec\'s values and no NEED STATUS', () => {
    expect(PAYOUT_CATEGORIES).toEqual(['Crew Payout', 'Materials Payout', 'Equipment Payout']);
    expect(PERCENT_COMPLETE_BASE).toEqual(['0%', '25%', '33%', '50%', '66%', '75%', '95%', '99%', '100%']);
    expect(BASE_DIVISIONS).toEqual(['BAU', 'Lightgig', 'IR EMER', 'Legacy', 'NON-IR MR']);
  });
});

describe('ORCA invoice paid stage', () => {
  it('given an invoice line, then it takes the base statuses and the ORCA pipeline, each once', () => {
    expect(INVOICE_STATUSES).toEqual(expect.arrayContaining(['Not Paid', 'Denied', 'Not Ready', 'Level 1', 'CAC Level', 'Paid']));
    expect(new Set(INVOICE_STATUSES).size).toBe(INVOICE_STATUSES.length);
  });

  it('given the ORCA invoice statuses, then the paid stage is the last five (spec 2 section 4), matched exactly', () => {
    expect(ORCA_INVOICE_PAID_STAGE).toEqual(['Level 1', 'Level 2', 'CAC Level', 'Sent for Payment', 'Paid']);
    expect(['Level 1', 'Paid', 'Approved', 'Not Paid', '', null, 'paid'].map(orcaInvoicePaidStage)).toEqual([true, true, false, false, false, false, false]);
  });

  it('given statuses, then their pipeline rank follows the list, unlisted after it, blank last', () => {
    const order = ['Paid', '', 'Not Paid', 'Submitted', 'NEED STATUS', 'Level 1', null].sort((a, b) => orcaInvoiceStatusRank(a) - orcaInvoiceStatusRank(b));
    expect(order).toEqual(['NEED STATUS', 'Submitted', 'Level 1', 'Paid', 'Not Paid', '', null]);
  });
});

describe('a job\'s margin against its RFQ\'s estimate', () => {
  it('given invoices and what payouts leave, then the actual margin is a whole percent of invoiced and the difference in points', () => {
    expect(marginAgainstEstimate({ total_job_invoiced_actual: 2000, job_operations_gross_profit: 500 }, 29)).toEqual({ margin_estimated: 29, margin_actual: 25, margin_difference: -4 });
  });

  it('given nothing invoiced, then no actual margin and no difference', () => {
    expect(marginAgainstEstimate({ total_job_invoiced_actual: 0, job_operations_gross_profit: 0 }, 29)).toEqual({ margin_estimated: 29, margin_actual: null, margin_difference: null });
  });

  it('given a job not made from an RFQ, then no estimate', () => {
    expect(marginAgainstEstimate({ total_job_invoiced_actual: 100, job_operations_gross_profit: 40 }, null)).toEqual({ margin_estimated: null, margin_actual: 40, margin_difference: null });
  });
});
