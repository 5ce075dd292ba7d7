import { describe, expect, it } from 'vitest';
import {
  isApprovedStatus,
  moneyLineTotal,
  producedFeet,
  producedQty,
  productionFormOf,
  TICKET_LIST_STATUSES,
  TICKET_STATUSES,
  ticketDaysLeft,
  ticketPhotoZipName,
  ticketStatusOrder,
  ticketTotals,
} from './rules.ts';

const line = (id: string, v: Record<string, unknown> = {}) => ({ id, ...v });
const none = { productions: [], equipment: [], timecards: [], expenses: [] };

describe('ticket statuses and their order (spec 3 section 4)', () => {
  it('given the statuses, then New 1 … Resolved 6 and Edit Requested 7, which the list does not offer', () => {
    expect(TICKET_STATUSES.map((s) => [s, ticketStatusOrder(s)])).toEqual([['New', 1], ['Issue', 2], ['Approved', 3], ['Invoiced', 4], ['Paid', 5], ['Resolved', 6], ['Edit Requested', 7]]);
    expect(TICKET_LIST_STATUSES).toEqual(['New', 'Issue', 'Approved', 'Invoiced', 'Paid', 'Resolved']);
  });

  it('given an unknown or missing status, then no order', () => {
    expect(ticketStatusOrder('Lost')).toBeNull();
    expect(ticketStatusOrder(null)).toBeNull();
  });

  it('given Approved and the statuses after it, then approved; New, Issue and Edit Requested are not', () => {
    expect(['Approved', 'Invoiced', 'Paid', 'Resolved'].map(isApprovedStatus)).toEqual([true, true, true, true]);
    expect(['New', 'Issue', 'Edit Requested', null].map(isApprovedStatus)).toEqual([false, false, false, false]);
  });
});

describe('a production line\'s form from its work type', () => {
  it('given the listed types, then their forms', () => {
    expect(productionFormOf({ work_type: 'Dirt-Bore' })).toBe('from_to');
    expect(productionFormOf({ work_type: 'Handhole' })).toBe('handhole');
    expect(productionFormOf({ work_type: 'Splice' })).toBe('single_point');
    expect(productionFormOf({ work_type: 'Coupler Install' })).toBe('single_point');
    expect(productionFormOf({ work_type: 'Other' })).toBe('other');
  });

  it('given a type in other spelling (case, spaces), then the same form', () => {
    expect(productionFormOf({ work_type: '  handhole ' })).toBe('handhole');
    expect(productionFormOf({ work_type: 'pipe  stubbed' })).toBe('single_point');
  });

  it('given an unknown non-empty type, then from_to; empty or none, then no form', () => {
    expect(productionFormOf({ work_type: 'Hand dig' })).toBe('from_to');
    expect(productionFormOf({ work_type: '' })).toBeNull();
    expect(productionFormOf({ work_type: '   ' })).toBeNull();
    expect(productionFormOf({})).toBeNull();
  });
});

describe('what a production line produced', () => {
  it('given a qty, then the qty; only feet, then the feet; neither, then 0', () => {
    expect(producedQty(line('1', { qty: 3, feet: 120 }))).toBe(3);
    expect(producedQty(line('1', { feet: '120' }))).toBe(120);
    expect(producedQty(line('1', {}))).toBe(0);
  });

  it('given a zeroed line, then nothing produced whatever its values', () => {
    expect(producedQty(line('1', { qty: 3, feet: 120, line_zeroed: true }))).toBe(0);
    expect(producedFeet(line('1', { feet: 120, line_zeroed: true }))).toBe(0);
    expect(producedFeet(line('1', { feet: '120.5' }))).toBe(120.5);
  });
});

describe('a money line\'s total', () => {
  it('given qty and price above 0, then qty × price in cents', () => {
    expect(moneyLineTotal(line('1', { qty: 3, price: 0.1 }))).toBe(0.3);
    expect(moneyLineTotal(line('1', { qty: '2', price: '19.99' }))).toBe(39.98);
  });

  it('given a qty or a price of 0 or none, then no total', () => {
    expect(moneyLineTotal(line('1', { qty: 0, price: 5 }))).toBeNull();
    expect(moneyLineTotal(line('1', { qty: 2 }))).toBeNull();
    expect(moneyLineTotal(line('1', { price: 2, qty: '' }))).toBeNull();
  });
});

describe('the ticket\'s totals (spec 3 section 3)', () => {
  it('given no lines, then every total is 0', () => {
    expect(ticketTotals(none)).toEqual({ feet_total: 0, other_total: 0, equipment_hours_total: 0, timecard_hours_total: 0, expenses_total: 0, expenses_total_billable: 0, expenses_total_webuy: 0 });
  });

  it('given footage and unit lines with a zeroed one, then feet of all but the zeroed and other_total of the non from_to quantities', () => {
    const productions = [
      line('1', { work_type: 'Dirt-Bore', feet: 120.1, qty: 2 }),
      line('2', { work_type: 'Rock-Bore', feet: '80.2' }),
      line('3', { work_type: 'Handhole', qty: 2 }),
      line('4', { work_type: 'Splice', qty: '1.5' }),
      line('5', { work_type: 'Other', qty: 4, feet: 0, line_zeroed: true }),
      line('6', { work_type: 'Handhole', qty: 9, feet: 30, line_zeroed: true }),
      line('7', { qty: 5 }),
    ];
    expect(ticketTotals({ ...none, productions })).toMatchObject({ feet_total: 200.3, other_total: 3.5 });
  });

  it('given equipment hours and timecards, then their hours; a timecard counts its billable hours, not its hours', () => {
    const t = ticketTotals({ ...none, equipment: [line('1', { hours: 1.1 }), line('2', { hours: '2.2' }), line('3', {})], timecards: [line('1', { hours: 9, billable_hours: 8 }), line('2', { hours: 4, billable_hours: '0.5' }), line('3', { hours: 2 })] });
    expect(t).toMatchObject({ equipment_hours_total: 3.3, timecard_hours_total: 8.5 });
  });

  it('given expenses billable, we buy, both and neither, then each total in exact cents, lines without a total left out', () => {
    const expenses = [
      line('1', { qty: 3, price: 0.1, customer_billable: true }), // 0.30
      line('2', { qty: 1, price: 0.2, we_buy: true }), // 0.20
      line('3', { qty: 7, price: 1.15, customer_billable: true, we_buy: true }), // 8.05
      line('4', { qty: 1, price: 100.01 }), // 100.01
      line('5', { qty: 0, price: 50, customer_billable: true }), // none
    ];
    expect(ticketTotals({ ...none, expenses })).toMatchObject({ expenses_total: 108.56, expenses_total_billable: 8.35, expenses_total_webuy: 8.25 });
  });
});

describe('days left to the completion date', () => {
  it('given 3 days, then red; 4 to 6, orange; 7, no colour; overdue, red; no date, nothing', () => {
    expect(ticketDaysLeft('2026-11-23', '2026-11-20')).toEqual({ ticket_days_left: 3, ticket_days_colour: 'red' });
    expect(ticketDaysLeft('2026-11-24', '2026-11-20')).toEqual({ ticket_days_left: 4, ticket_days_colour: 'orange' });
    expect(ticketDaysLeft('2026-11-26', '2026-11-20')).toEqual({ ticket_days_left: 6, ticket_days_colour: 'orange' });
    expect(ticketDaysLeft('2026-11-27', '2026-11-20')).toEqual({ ticket_days_left: 7, ticket_days_colour: null });
    expect(ticketDaysLeft('2026-11-18', '2026-11-20')).toEqual({ ticket_days_left: -2, ticket_days_colour: 'red' });
    expect(ticketDaysLeft(null, '2026-11-20')).toEqual({ ticket_days_left: null, ticket_days_colour: null });
  });
});

describe('the photo zip\'s name', () => {
  it('given a ticket number and a date, then \'{number} Photos M-D-YYYY\' without leading zeros', () => {
    expect(ticketPhotoZipName('1042', '2026-03-05')).toBe('1042 Photos 3-5-2026');
    expect(ticketPhotoZipName(' 7 ', '2026-11-25')).toBe('7 Photos 11-25-2026');
  });

  it('given no number, then \'Ticket Photos …\'', () => {
    expect(ticketPhotoZipName(null, '2026-11-25')).toBe('Ticket Photos 11-25-2026');
  });
});
