import { describe, expect, it } from 'vitest';
import { crews, customers, svaCoordinators } from '@trenchline/domain';
import { ApiError } from '../../lib/http';
import { planOf } from './api/previewSvaImport';
import { catalogFilter, catalogKey, nounOf } from './api/types';
import { visibleRows } from './catalogLogic';

describe('settings catalogs', () => {
  it('keys active-only lists by the row filter live events are matched against', () => {
    expect(catalogKey(crews, false)).toEqual(['list', 'crews', { active: true }]);
    expect(catalogKey(crews, true)).toEqual(['list', 'crews', {}]);
    // Coordinators have no active flag: one list either way.
    expect(catalogFilter(svaCoordinators, false)).toEqual({});
  });

  it('sorts rows by name (case and numbers as people read them) and filters by the search words', () => {
    const rows = [
      { id: '1', name: 'osage Fiber', city: 'Tulsa' },
      { id: '2', name: 'Acme 10', city: 'Bixby' },
      { id: '3', name: 'Acme 9', city: 'Tulsa' },
    ];
    expect(visibleRows(customers, rows, '').map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(visibleRows(customers, rows, 'tulsa acme').map((r) => r.id)).toEqual(['3']);
  });

  it('names records in sentences without losing acronyms', () => {
    expect(nounOf(crews)).toBe('crew');
    expect(nounOf(svaCoordinators)).toBe('SVA coordinator');
  });

  it('reads the plan of a refused SVA import, whether under `plan` or as the body', () => {
    const plan = { ok: false, fileErrors: [], rows: [], counts: { add: 0, update: 0, unchanged: 0, error: 1 } };
    const refused = (body: object) => new ApiError('POST', '/x', 400, 'Bad Request', body, '');
    expect(planOf(refused({ message: 'Nothing imported', plan }))).toEqual(plan);
    expect(planOf(refused(plan))).toEqual(plan);
    expect(planOf(refused({ message: 'is not a readable CSV file' }))).toBeNull();
  });
});
