import { describe, expect, it } from 'vitest';
import {
  bulkTarget,
  countWords,
  cursorOf,
  isSelected,
  needsRefetch,
  NO_SELECTION,
  pageOfAll,
  pagesFor,
  pageUrl,
  patchPage,
  rowCount,
  selectAllState,
  selectedCount,
  toggleAllMatching,
  toggleRow,
  withSearch,
  type Page,
} from './pagedList';

const filter = { active: 't', archived: 'f' };

describe('the selection model', () => {
  it('given nothing selected, when rows are clicked, then exactly those ids are selected and sent as ids', () => {
    const s = toggleRow(toggleRow(toggleRow(NO_SELECTION, '1'), '2'), '1');
    expect(isSelected(s, '2')).toBe(true);
    expect(isSelected(s, '1')).toBe(false);
    expect(selectedCount(s, 100_000)).toBe(1);
    expect(selectAllState(s, 100_000)).toBe('some');
    expect(bulkTarget(s, filter, 100_000)).toEqual({ ids: ['2'] });
  });

  it('given select all, then every matching row counts, loaded or not, and the bulk body is the filter', () => {
    const s = toggleAllMatching(NO_SELECTION, 100_000);
    expect(isSelected(s, 'never-loaded')).toBe(true);
    expect(selectedCount(s, 100_000)).toBe(100_000);
    expect(selectAllState(s, 100_000)).toBe('all');
    expect(bulkTarget(s, filter, 100_000)).toEqual({ filter, except: [] });
  });

  it('given select all, when two rows are unticked, then they are the exceptions and the header box is partial', () => {
    const s = toggleRow(toggleRow(toggleAllMatching(NO_SELECTION, 10), '3'), '7');
    expect(isSelected(s, '3')).toBe(false);
    expect(selectedCount(s, 10)).toBe(8);
    expect(selectAllState(s, 10)).toBe('some');
    expect(bulkTarget(s, filter, 10)).toEqual({ filter, except: ['3', '7'] });
    // Ticking one again takes it out of the exceptions.
    expect(bulkTarget(toggleRow(s, '3'), filter, 10)).toEqual({ filter, except: ['7'] });
  });

  it('when the header box is clicked with everything selected, then nothing is; with some, then all', () => {
    const all = toggleAllMatching(NO_SELECTION, 5);
    expect(toggleAllMatching(all, 5)).toBe(NO_SELECTION);
    const some = toggleRow(NO_SELECTION, '1');
    expect(toggleAllMatching(some, 5).all).toBe(true);
    expect(bulkTarget(NO_SELECTION, filter, 5)).toBeNull();
    expect(bulkTarget(toggleRow(toggleAllMatching(NO_SELECTION, 1), 'x'), filter, 1)).toBeNull();
  });

  it('given nothing selected on a list whose count is estimated, when a report asks for all that match, then the count is said to be an estimate', () => {
    expect(bulkTarget(NO_SELECTION, filter, 1_200_000, true, true)).toEqual({ filter, except: [], matching: 1_200_000, matchingEstimated: true });
  });
});

describe('the page call', () => {
  it('sends the filter, the search words, the ordering and the page', () => {
    const url = pageUrl('/api/jobs/', withSearch(filter, '  main   st '), { key: 'title', dir: 'desc' }, 3);
    expect(url).toBe('/api/jobs/?active=t&archived=f&q=main+st&ordering=-title&page=3&page_size=100');
    expect(pageUrl('/api/bids/', withSearch(filter, ' '), null, 1)).toBe('/api/bids/?active=t&archived=f&page=1&page_size=100');
  });

  it('given the page before loaded, when the next page is asked, then with the cursor its next carries (the server reads on from there)', () => {
    const before: Page<{ id: string }> = { results: [{ id: '7' }], count: 20_000, next: '/api/jobs/?active=t&page=3&page_size=100&cursor=WyJqb2JzIl0', previous: null };
    expect(cursorOf(before.next)).toBe('WyJqb2JzIl0');
    expect(pageUrl('/api/jobs/', filter, null, 3, 100, cursorOf(before.next))).toBe('/api/jobs/?active=t&archived=f&page=3&page_size=100&cursor=WyJqb2JzIl0');
    // The last page, or a server paging by number only: no cursor, the page by its number.
    expect(cursorOf(null)).toBeNull();
    expect(cursorOf('/api/jobs/?page=3')).toBeNull();
    expect(pageUrl('/api/jobs/', filter, null, 3, 100, null)).toBe('/api/jobs/?active=t&archived=f&page=3&page_size=100');
  });

  it('given an estimated count, then it is said "about N", and the loaded pages correct it: a page with no next ends the list, a next past it adds a row', () => {
    const page = (n: number, next: boolean): Page<{ id: string }> => ({ results: Array.from({ length: n }, (_, i) => ({ id: String(i) })), count: 10_001, count_estimated: true, next: next ? '/api/jobs/?page=2&cursor=x' : null, previous: null });
    expect(countWords(1_000_000, true)).toBe('about 1,000,000');
    expect(countWords(12_345)).toBe('12,345');
    expect(rowCount(10_001, false, new Map([[1, page(100, true)]]))).toBe(10_001);
    expect(rowCount(12_000, true, new Map([[1, page(100, true)]]))).toBe(12_000);
    expect(rowCount(12_000, true, new Map([[101, page(40, false)]]))).toBe(10_040);
    expect(rowCount(10_001, true, new Map([[101, page(100, true)], [102, undefined]]))).toBe(10_101);
  });

  it('asks for the pages holding the rows in view', () => {
    expect(pagesFor(0, 40)).toEqual([1]);
    expect(pagesFor(95, 130)).toEqual([1, 2]);
    expect(pagesFor(99_950, 99_999)).toEqual([1000]);
  });

  it('pages a plain-array answer the way the server would: search, sort with blanks last, ties by id', () => {
    const all = [
      { id: '3', title: 'b' },
      { id: '1', title: null },
      { id: '2', title: 'b' },
      { id: '4', title: 'a' },
    ];
    const p1 = pageOfAll(all, {}, { key: 'title', dir: 'asc' }, 1, 2);
    expect(p1.results.map((r) => r.id)).toEqual(['4', '2']);
    expect(pageOfAll(all, {}, { key: 'title', dir: 'desc' }, 2, 2).results.map((r) => r.id)).toEqual(['4', '1']);
    expect(pageOfAll(all, { q: 'B' }, null, 1).count).toBe(2);
  });
});

describe('live rows on loaded pages', () => {
  const page: Page<{ id: string; version: number; archived: boolean; title: string }> = {
    results: [
      { id: '1', version: 2, archived: false, title: 'one' },
      { id: '2', version: 5, archived: false, title: 'two' },
    ],
    count: 250,
    next: '/api/jobs/?page=2',
    previous: null,
  };
  const active = { archived: false };

  it('given a loaded row, when it changes and still matches, then it is replaced in place and nothing is refetched', () => {
    const ev = { list: 'jobs', op: 'upsert' as const, id: 2, row: { id: 2, version: 6, archived: false, title: 'TWO' } };
    const next = patchPage(page, ev, active);
    expect(next?.results.map((r) => r.title)).toEqual(['one', 'TWO']);
    expect(next?.count).toBe(250);
    expect(needsRefetch([page], ev, active)).toBe(false);
  });

  it('given a row annotated by the page (a job\'s locate_warning), when a live patch lacks the annotation, then the row keeps it', () => {
    const annotated: Page<{ id: string; version: number; archived: boolean; title: string; locate_warning?: string | null }> = {
      ...page,
      results: [{ ...page.results[0], locate_warning: 'No live locate for the planned work' }, page.results[1]],
    };
    const ev = { list: 'jobs', op: 'upsert' as const, id: '1', row: { id: '1', version: 3, archived: false, title: 'ONE' } };
    const row = patchPage(annotated, ev, active)?.results[0];
    expect(row).toMatchObject({ title: 'ONE', version: 3, locate_warning: 'No live locate for the planned work' });
    const cleared = { ...ev, row: { ...ev.row, locate_warning: null } };
    expect(patchPage(annotated, cleared, active)?.results[0].locate_warning).toBeNull();
  });

  it('when an older version arrives late, then the newer row stays', () => {
    const ev = { list: 'jobs', op: 'upsert' as const, id: '2', row: { id: '2', version: 4, archived: false, title: 'old' } };
    expect(patchPage(page, ev, active)).toBe(page);
  });

  it('when a loaded row is archived in the active list, then it leaves and the pages are refetched', () => {
    const ev = { list: 'jobs', op: 'upsert' as const, id: '1', row: { id: '1', version: 3, archived: true, title: 'one' } };
    const next = patchPage(page, ev, active);
    expect(next?.results.map((r) => r.id)).toEqual(['2']);
    expect(next?.count).toBe(249);
    expect(needsRefetch([page], ev, active)).toBe(true);
  });

  it('when a matching row not loaded arrives, then it is not inserted but the pages are refetched; a non-matching one is ignored', () => {
    const entering = { list: 'jobs', op: 'upsert' as const, id: '9', row: { id: '9', version: 1, archived: false } };
    expect(patchPage(page, entering, active)).toBe(page);
    expect(needsRefetch([page, undefined], entering, active)).toBe(true);
    const other = { list: 'jobs', op: 'upsert' as const, id: '9', row: { id: '9', version: 1, archived: true } };
    expect(needsRefetch([page], other, active)).toBe(false);
  });

  it('when a row is removed, then it leaves its page and the count is refetched', () => {
    const ev = { list: 'jobs', op: 'remove' as const, id: '1' };
    expect(patchPage(page, ev, active)?.results.map((r) => r.id)).toEqual(['2']);
    expect(needsRefetch([page], ev, active)).toBe(true);
  });
});
