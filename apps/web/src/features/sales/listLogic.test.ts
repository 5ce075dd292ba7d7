import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, type ListPrefs } from '../../lib/listPrefs';
import { DEFAULT_SORT, organizationName, salesRowFit, STATUS_CHOICES, withStatus } from './listLogic';

const prefs = (p: Partial<ListPrefs> = {}): ListPrefs => ({ ...DEFAULT_PREFS, active: true, archived: false, start_date: '2026-11-01', end_date: '2026-11-30', live_and_future: false, ...p });
const row = (r: Record<string, unknown> = {}) => ({ id: '7', archived: false, status: 'New', created_at: '2026-11-10T10:00:00Z', last_contacted: '2026-11-20', ...r });

describe("the sales organization list's logic", () => {
  it('given no sort picked, then the list is by name, as the server orders it', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'name', dir: 'asc' });
  });

  it('given the status choices, then every status of the domain is offered after all statuses', () => {
    expect(STATUS_CHOICES[0]).toBe('All statuses');
    expect(STATUS_CHOICES).toContain('Ready to demo');
    expect(STATUS_CHOICES).toContain('Not Interested: no followup');
  });

  it('given a status, then the list call asks for it; all statuses asks for none, and nothing asked stays nothing', () => {
    expect(withStatus({ active: 't' }, 'Interested')).toEqual({ active: 't', status: 'Interested' });
    expect(withStatus({ active: 't' }, 'All statuses')).toEqual({ active: 't' });
    expect(withStatus(null, 'New')).toBeNull();
  });

  it('given active organizations of November, then a live row fits by archived, created to last contact, and status', () => {
    const fit = salesRowFit(prefs(), 'All statuses')!;
    expect(fit(row())).toBe(true);
    expect(fit(row({ archived: true }))).toBe(false);
    expect(fit(row({ created_at: '2026-12-02T10:00:00Z', last_contacted: '2026-12-03' }))).toBe(false);
    expect(fit(row({ created_at: '2026-10-01T10:00:00Z', last_contacted: '2026-10-05' }))).toBe(false);
    expect(salesRowFit(prefs(), 'Interested')!(row())).toBe(false);
    expect(salesRowFit(prefs(), 'New')!(row())).toBe(true);
  });

  it('given an organization without a name, then it is shown by its id', () => {
    expect(organizationName({ id: '12', name: null })).toBe('#12');
    expect(organizationName({ id: '12', name: '  ' })).toBe('#12');
    expect(organizationName({ id: '12', name: 'Acme Boring' })).toBe('Acme Boring');
  });
});
