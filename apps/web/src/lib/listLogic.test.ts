import { describe, expect, it } from 'vitest';
import { compareValues, matchesText, nextSort, selectAllState, selectedIds, sortRows, toggleAll, toggleOne } from './listLogic';

const row = (id: string, extra: Record<string, unknown> = {}) => ({ id, days: null as number | null, ...extra });

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
  it('sorts ascending with blanks last', () => {
    expect(sortRows(rows, asc).map((r) => r.id)).toEqual(['c', 'd', 'a', 'b']);
  });
  it('keeps blanks last when descending too, and reverses on a second click', () => {
    const desc = nextSort(asc, 'days');
    expect(desc.dir).toBe('desc');
    expect(sortRows(rows, desc).map((r) => r.id)).toEqual(['a', 'd', 'c', 'b']);
    expect(nextSort(desc, 'city')).toEqual({ key: 'city', dir: 'asc' });
  });
  it('compares text naturally (WR-9 before WR-10)', () => {
    expect(compareValues('WR-9', 'WR-10', 'asc')).toBeLessThan(0);
  });
});

describe('selection over the filtered rows', () => {
  const visible = [row('1'), row('2')];
  it('select-all selects the visible rows, keeps hidden selections, and clears when all are selected', () => {
    const hidden = new Set(['9']);
    const all = toggleAll(visible, hidden);
    expect([...all].sort()).toEqual(['1', '2', '9']);
    expect(selectAllState(visible, all)).toBe('all');
    const none = toggleAll(visible, all);
    expect([...none]).toEqual(['9']);
    expect(selectAllState(visible, none)).toBe('none');
    expect(selectAllState(visible, toggleOne(none, '1'))).toBe('some');
  });
  it('acts only on selected rows that are visible', () => {
    expect(selectedIds(visible, new Set(['2', '3']))).toEqual(['2']);
  });
});
