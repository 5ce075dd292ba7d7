import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, type ListPrefs } from '../../lib/listPrefs';
import { DEFAULT_SORT, orderNumberText, orderRowFit, shownColumns, withStatus } from './listLogic';

const prefs = (p: Partial<ListPrefs> = {}): ListPrefs => ({ ...DEFAULT_PREFS, active: true, archived: false, start_date: '2026-11-01', end_date: '2026-11-30', live_and_future: false, ...p });
const row = (r: Record<string, unknown> = {}) => ({ id: '7', archived: false, status: 'Draft', order_date: '2026-11-24', created_at: '2026-11-24T10:00:00Z', ...r });

describe("the order list's logic", () => {
  it('given no sort picked, then the list is newest first, as the server orders it', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'id', dir: 'desc' });
  });

  it('given a status, then the list call asks for it; all statuses asks for none, and nothing asked stays nothing', () => {
    expect(withStatus({ active: 't' }, 'Submitted')).toEqual({ active: 't', status: 'Submitted' });
    expect(withStatus({ active: 't' }, 'All statuses')).toEqual({ active: 't' });
    expect(withStatus(null, 'Draft')).toBeNull();
  });

  it('given active orders of November, then a live row fits by archived, order date and status', () => {
    const fit = orderRowFit(prefs(), 'All statuses')!;
    expect(fit(row())).toBe(true);
    expect(fit(row({ archived: true }))).toBe(false);
    expect(fit(row({ order_date: '2026-10-31' }))).toBe(false);
    expect(fit(row({ order_date: '2026-12-01' }))).toBe(false);
    expect(orderRowFit(prefs({ live_and_future: true }), 'All statuses')!(row({ order_date: '2026-12-01' }))).toBe(true);
    expect(orderRowFit(prefs(), 'Submitted')!(row())).toBe(false);
  });

  it('given neither active nor archived, then no row fits', () => {
    expect(orderRowFit(prefs({ active: false }), 'All statuses')!(row())).toBe(false);
    expect(orderRowFit(null, 'All statuses')).toBeNull();
  });

  it('given an order with and without its number, then the number is shown, else the id', () => {
    expect(orderNumberText({ id: '7', order_number: '5001' })).toBe('5001');
    expect(orderNumberText({ id: '7', order_number: null })).toBe('#7');
  });

  it('given public mode, then who changed what is hidden', () => {
    const cols = [{ key: 'order_number' }, { key: 'last_updated' }];
    expect(shownColumns(cols, true)).toEqual([{ key: 'order_number' }]);
    expect(shownColumns(cols, false)).toEqual(cols);
  });
});
