import { describe, expect, it } from 'vitest';
import { numberOf, showMoney } from './numbers';

describe('money', () => {
  it('shows amounts with 2 decimals, nothing for none', () => {
    expect(showMoney(12500)).toBe('$12,500.00');
    expect(showMoney('99.5')).toBe('$99.50');
    expect(showMoney(null)).toBe('');
  });
  it('given a negative amount, then the minus before the dollar sign', () => {
    expect(showMoney(-12)).toBe('-$12.00');
  });
});

describe('numbers', () => {
  it('read the API\'s numbers and numeric text; anything else is none', () => {
    expect(numberOf('35.4676')).toBe(35.4676);
    expect(numberOf(0)).toBe(0);
    expect(numberOf('')).toBeNull();
    expect(numberOf('north')).toBeNull();
    expect(numberOf(undefined)).toBeNull();
  });
});
