import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT } from './listLogic';

describe('bid list sort', () => {
  it('defaults to bid_days_away ascending', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'bid_days_away', dir: 'asc' });
  });
});
