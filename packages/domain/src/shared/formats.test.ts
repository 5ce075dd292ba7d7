import { describe, expect, it } from 'vitest';
import { formatDate, formatHours, formatMoney, formatPercent, formatQuantity, parseAmount } from './formats.ts';

describe('formatMoney', () => {
  it('given amounts, when written, then a dollar sign, thousands and cents', () => {
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney('3.89')).toBe('$3.89');
    expect(formatMoney(18.5)).toBe('$18.50');
    expect(formatMoney(0)).toBe('$0.00');
  });
  it('given a negative amount, when written, then the minus leads the dollar sign', () => {
    expect(formatMoney(-12)).toBe('-$12.00');
    expect(formatMoney('-1234.5')).toBe('-$1,234.50');
  });
  it('given large amounts and a rate with sub-cent digits, when written, then every digit that matters shows', () => {
    expect(formatMoney(12345678.9)).toBe('$12,345,678.90');
    expect(formatMoney(0.0125)).toBe('$0.0125');
  });
  it('given nothing or text that is no number, when written, then nothing', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});

describe('quantities, hours, percents', () => {
  it('given quantities, when written, then thousands, only the needed decimals, the unit when given', () => {
    expect(formatQuantity(1250, 'ft')).toBe('1,250 ft');
    expect(formatQuantity('1250.125')).toBe('1,250.125');
    expect(formatQuantity(2.5)).toBe('2.5');
    expect(formatQuantity(null, 'ft')).toBe('');
  });
  it('given hours, when written, then one way: 8.5 h', () => {
    expect(formatHours(8.5)).toBe('8.5 h');
    expect(formatHours('1040')).toBe('1,040 h');
    expect(formatHours(null)).toBe('');
  });
  it('given percent points, when written, then 2 decimals and a percent sign', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
  });
});

describe('formatDate', () => {
  it('given a calendar day, an ISO instant or a Date, when written, then MM/DD/YYYY', () => {
    expect(formatDate('2026-01-05')).toBe('01/05/2026');
    expect(formatDate('2026-11-22T14:05:00.000Z')).toBe('11/22/2026');
    expect(formatDate(new Date(Date.UTC(2026, 1, 3)))).toBe('02/03/2026');
  });
  it('given nothing, when written, then nothing; other text stays as written', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('parseAmount', () => {
  it('given what people type, when read, then the number', () => {
    expect(parseAmount('1,250.50')).toEqual({ value: 1250.5 });
    expect(parseAmount('$18.50')).toEqual({ value: 18.5 });
    expect(parseAmount('18.5')).toEqual({ value: 18.5 });
    expect(parseAmount(' 18.5 ')).toEqual({ value: 18.5 });
    expect(parseAmount('$ 1,234,567.89')).toEqual({ value: 1234567.89 });
    expect(parseAmount('.5')).toEqual({ value: 0.5 });
  });
  it('given a negative amount typed either way, when read, then a negative number', () => {
    expect(parseAmount('-$12.00')).toEqual({ value: -12 });
    expect(parseAmount('$-12')).toEqual({ value: -12 });
    expect(parseAmount('-0')).toEqual({ value: 0 });
  });
  it('given an empty box, when read, then none and no error', () => {
    expect(parseAmount('')).toEqual({ value: null });
    expect(parseAmount('   ')).toEqual({ value: null });
  });
  it('given text that is no amount, when read, then an error saying what to type', () => {
    for (const typed of ['abc', '12a', '1.2.3', '1,25', '$', '--5', '-$-5'])
      expect(parseAmount(typed), typed).toEqual({ value: null, error: 'Type a number, e.g. 1,250.50' });
  });
});

