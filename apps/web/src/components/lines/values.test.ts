import { describe, expect, it } from 'vitest';
import { bidItems, bidNotes, bidPercentColour, bidPercentTotal } from '@trenchline/domain';
import { changedValues, currentRow, displayValue, toWire } from './values';

const pct = bidItems.fields.find((f) => f.name === 'bid_percent')!;

describe('line values', () => {
  it('sends numbers as numbers and blanks as null', () => {
    expect(toWire(pct, '33.5')).toBe(33.5);
    expect(toWire(pct, '')).toBeNull();
    expect(toWire(pct, '1,000')).toBe(1000);
  });

  it('sends only the fields the user changed, never read-only ones', () => {
    const row = { id: '7', item: 'Bore', bid_percent: 40, created_by: 'Ann' };
    expect(changedValues(bidItems.fields, row, { item: 'Bore', bid_percent: '40' })).toEqual({});
    expect(changedValues(bidItems.fields, row, { bid_percent: '60' })).toEqual({ bid_percent: 60 });
    expect(changedValues(bidNotes.fields, row, { created_by: 'Eve', created_date: '2026-01-01' })).toEqual({});
  });

  it('totals bid % over the rows as the user sees them (unsaved edits included)', () => {
    const rows = [
      { id: '1', bid_percent: 50 },
      { id: '2', bid_percent: 20 },
    ];
    const current = [currentRow(bidItems.fields, rows[0], undefined), currentRow(bidItems.fields, rows[1], { bid_percent: '50' })];
    expect(bidPercentTotal(current)).toBe(100);
    expect(bidPercentColour(bidPercentTotal(current))).toBe('green');
    expect(bidPercentColour(bidPercentTotal(rows))).toBe('red');
  });

  it('given a typed amount as people type it, when sent, then the number; other text goes as typed for the server to name', () => {
    const price = { name: 'price', label: 'Price', kind: 'money' as const };
    expect(toWire(price, '$18.50')).toBe(18.5);
    expect(toWire(price, ' 1,250.50 ')).toBe(1250.5);
    expect(toWire(price, 'abc')).toBe('abc');
  });

  it('given a cell, when shown, then by the one formatter: money, quantities with their unit, hours, percents, dates', () => {
    expect(displayValue({ name: 'price', label: 'Price', kind: 'money' }, 3.5)).toBe('$3.50');
    expect(displayValue({ name: 'amount', label: 'Amount', kind: 'money' }, '124.48')).toBe('$124.48');
    expect(displayValue({ name: 'feet', label: 'Feet', kind: 'number', unit: 'ft' }, 1250)).toBe('1,250 ft');
    expect(displayValue({ name: 'hours', label: 'Hours', kind: 'number', unit: 'h' }, 8.5)).toBe('8.5 h');
    expect(displayValue({ name: 'qty', label: 'Qty', kind: 'number' }, '2.5')).toBe('2.5');
    expect(displayValue(pct, 33.5)).toBe('33.50%');
    expect(displayValue({ name: 'd', label: 'Date', kind: 'date' }, '2026-03-04')).toBe('03/04/2026');
  });
});
