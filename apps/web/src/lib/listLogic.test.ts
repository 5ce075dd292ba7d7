import { describe, expect, it } from 'vitest';
import { compareValues, matchesText, nextSort, type Sort } from './listLogic';

const row = (id: string, extra: Record<string, unknown> = {}) => ({ id, days: null as number | null, ...extra });
const sorted = <T extends Record<string, unknown>>(rows: T[], sort: Sort) => rows.slice().sort((x, y) => compareValues(x[sort.key], y[sort.key], sort.dir));

describe('list text match', () => {
  it('matches every typed word anywhere in the row, case-insensitively', () => {
    const r = { id: '1', description: 'Fibre bore on Main St', work_request: 'WR-100', days: 4 };
    expect(matchesText(r, 'main wr-100')).toBe(true);
    expect(matchesText(r, '  ')).toBe(true);
    expect(matchesText(r, 'nothing')).toBe(false);
  });
});

describe('list sort', () => {
  const rows = [row('a', { days: 9 }), row('b'), row('c', { days: -2 }), row('d', { days: 3 })];
  const asc = { key: 'days', dir: 'asc' } as const;
  it('compares ascending with blanks last', () => {
    expect(sorted(rows, asc).map((r) => r.id)).toEqual(['c', 'd', 'a', 'b']);
  });
  it('keeps blanks last when descending too, and reverses on a second click', () => {
    const desc = nextSort(asc, 'days');
    expect(desc.dir).toBe('desc');
    expect(sorted(rows, desc).map((r) => r.id)).toEqual(['a', 'd', 'c', 'b']);
    expect(nextSort(desc, 'city')).toEqual({ key: 'city', dir: 'asc' });
  });
  it('compares text naturally (WR-9 before WR-10)', () => {
    expect(compareValues('WR-9', 'WR-10', 'asc')).toBeLessThan(0);
  });
});
