import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { applyRowEvent, patchRows, refetchListsChangedWhileFetching, rowMatches } from './realtime';

const rows = [
  { id: '1', archived: false, city: 'A', version: 3 },
  { id: '2', archived: false, city: 'B', version: 1 },
];

describe('live row patches', () => {
  it('replaces a row by id and inserts a new matching row', () => {
    const next = patchRows(rows, { list: 'bids', op: 'upsert', id: '2', row: { id: '2', archived: false, city: 'C', version: 2 } }, { archived: false });
    expect(next?.[1].city).toBe('C');
    const added = patchRows(rows, { list: 'bids', op: 'upsert', id: 3, row: { id: '3', archived: null, version: 1 } }, { archived: false });
    expect(added?.map((r) => r.id)).toEqual(['1', '2', '3']);
  });

  it("moves a row out of a cache whose filter it no longer matches (archived)", () => {
    const next = patchRows(rows, { list: 'bids', op: 'upsert', id: '1', row: { id: '1', archived: true, version: 4 } }, { archived: false });
    expect(next?.map((r) => r.id)).toEqual(['2']);
    expect(patchRows([], { list: 'bids', op: 'upsert', id: '1', row: { id: '1', archived: true } }, { archived: true })).toHaveLength(1);
  });

  it('removes rows and ignores late, older versions', () => {
    expect(patchRows(rows, { list: 'bids', op: 'remove', id: '1' }, undefined)?.map((r) => r.id)).toEqual(['2']);
    const late = patchRows(rows, { list: 'bids', op: 'upsert', id: '1', row: { id: '1', archived: false, city: 'old', version: 2 } }, {});
    expect(late).toBe(rows);
  });

  it('matches filters with booleans by truthiness', () => {
    expect(rowMatches({ archived: null }, { archived: false })).toBe(true);
    expect(rowMatches({ market: 'A' }, { market: 'B' })).toBe(false);
    expect(rowMatches({ market: 'A' }, 'not-a-filter')).toBe(true);
  });
});

describe('a row change during a list fetch', () => {
  it('given a list fetch in flight, when a row changes, then the list is fetched again once that fetch lands', async () => {
    const qc = new QueryClient();
    const stop = refetchListsChangedWhileFetching(qc);
    let calls = 0;
    let release!: () => void;
    // A mounted list: an observer keeps the query active, so an invalidation refetches it.
    const observer = new QueryObserver<Row[]>(qc, {
      queryKey: ['list', 'jobs', {}],
      queryFn: () => {
        calls += 1;
        // The first answer was read before the change; the second after it.
        return calls === 1 ? new Promise<Row[]>((ok) => (release = () => ok([{ id: '1', title: 'old' }]))) : Promise.resolve([{ id: '1', title: 'new' }]);
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(calls).toBe(1));
    applyRowEvent(qc, { list: 'jobs', op: 'upsert', id: '1', row: { id: '1', title: 'new' } });
    release();
    await vi.waitFor(() => expect(qc.getQueryData<Row[]>(['list', 'jobs', {}])?.[0].title).toBe('new'));
    expect(calls).toBe(2);
    unsubscribe();
    stop();
  });
});

type Row = { id: string; title: string };
