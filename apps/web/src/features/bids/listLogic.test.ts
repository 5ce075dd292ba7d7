import { describe, expect, it } from 'vitest';
import { BID_MARKETS } from '@trenchline/domain';
import { sortRows } from '../../lib/listLogic';
import { DEFAULT_SORT, filterBids, zipEntries } from './listLogic';

const row = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  market: null as string | null,
  work_request: null as string | null,
  description: null as string | null,
  bid_days_away: null as number | null,
  pdf_bundle: null as { id: string; file: string; file_name: string } | null,
  ...extra,
});

describe('bid list filter', () => {
  const rows = [
    row('1', { market: 'A', description: 'Fibre bore on Main St', work_request: 'WR-100' }),
    row('2', { market: 'SW', description: 'Aerial strand', work_request: 'WR-200' }),
    row('3', { market: 'A', description: 'Trench at Oak Rd', work_request: 'WR-300' }),
  ];
  it('matches every typed word anywhere in the row, case-insensitively', () => {
    expect(filterBids(rows, 'main wr-100', null).map((r) => r.id)).toEqual(['1']);
    expect(filterBids(rows, '  ', null)).toHaveLength(3);
    expect(filterBids(rows, 'nothing', null)).toHaveLength(0);
  });
  it('filters on the market code of the five-region filter', () => {
    expect(BID_MARKETS.map((m) => m.code)).toEqual(['A', 'B', 'N', 'P', 'SW']);
    expect(filterBids(rows, '', 'A').map((r) => r.id)).toEqual(['1', '3']);
    expect(filterBids(rows, 'oak', 'A').map((r) => r.id)).toEqual(['3']);
    expect(filterBids(rows, '', 'B')).toEqual([]);
  });
});

describe('bid list sort', () => {
  const rows = [row('a', { bid_days_away: 9 }), row('b'), row('c', { bid_days_away: -2 }), row('d', { bid_days_away: 3 })];
  it('defaults to bid_days_away ascending with no date last', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'bid_days_away', dir: 'asc' });
    expect(sortRows(rows, DEFAULT_SORT).map((r) => r.id)).toEqual(['c', 'd', 'a', 'b']);
  });
});

describe('which bundles go in the zip', () => {
  const bundle = (name: string) => ({ id: 'f', file: `/api/files/1/${name}`, file_name: name });
  const visible = [
    row('1', { work_request: 'WR/1', pdf_bundle: bundle('bundle.pdf') }),
    row('2', { work_request: 'WR/1', pdf_bundle: bundle('bundle.pdf') }),
    row('3', { pdf_bundle: null }),
    row('4', { pdf_bundle: bundle('x.pdf') }),
  ];
  it('takes only selected visible rows that have a bundle, with unique safe names', () => {
    expect(zipEntries(visible, new Set(['3']))).toEqual([]);
    expect(zipEntries(visible, new Set())).toEqual([]);
    const entries = zipEntries(visible, new Set(['1', '2', '3', '4', '99']));
    expect(entries.map((e) => e.name)).toEqual(['WR-1 - bundle.pdf', 'WR-1 - bundle (2).pdf', 'Bid 4 - x.pdf']);
    expect(entries[2].url).toBe('/api/files/1/x.pdf');
  });
});
