import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { nextSort, type Sort } from '../../lib/listLogic';
import { useLiveRowEvents, type RowEvent } from '../../lib/realtime';
import {
  bulkTarget,
  cursorOf,
  isSelected,
  needsRefetch,
  NO_SELECTION,
  PAGE_SIZE,
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
  type ListFilter,
  type Page,
  type RowFit,
  type Selection,
} from './pagedList';
import { filterAsOf, useListAsOf } from './listAsOf';

/** How long typing pauses before the find box asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Live changes that need the pages again are gathered this long into one quiet refetch. */
const REFETCH_GATHER_MS = 300;

type Row = { id: string; version?: number };

export interface PagedListOptions<R, T> {
  /** The live list name, e.g. 'jobs' (lib/realtime.ts rooms). */
  list: string;
  /** The list call's path, e.g. '/api/jobs/'. */
  path: string;
  /** The explicit filter (query params); null asks for nothing (neither active nor archived). */
  filter: ListFilter | null;
  /** Which rows the list holds in row terms ({ archived: false }) or as a test: live rows are matched against it. */
  rowFilter: RowFit;
  /** The sort shown before the user picks one: the server's default order, so not sent. */
  defaultSort: Sort;
  /** A row as the table shows it (e.g. the form type in words), made for the rows in view only. */
  shape?: (row: R) => T;
  /** A row's id when the answer names it otherwise (the audit trail's rows are events: their position). */
  idOf?: (row: Record<string, unknown>) => string;
  /** Where the list starts (a dashboard's saved find box, sort and selection); read once, on mount. */
  initial?: { text?: string; sort?: Sort | null; selection?: Selection };
}

/** The query key of one page: under ['paged', list] so a live event of `list` finds every page. */
const pageKey = (list: string, path: string, filter: ListFilter, ordering: Sort | null, page: number) => ['paged', list, path, filter, ordering, page] as const;

const idOfRow = (r: Record<string, unknown>) => String(r.id);

async function fetchPage<T extends Row>(path: string, filter: ListFilter, sort: Sort | null, page: number, signal: AbortSignal, idOf = idOfRow, cursor?: string | null): Promise<Page<T>> {
  const answer = await http.list<Page<T> | T[]>(pageUrl(path, filter, sort, page, PAGE_SIZE, cursor), { signal });
  const withId = (r: T) => ({ ...r, id: idOf(r as unknown as Record<string, unknown>) });
  // A server without the list engine answers every row: paged here the same way.
  return Array.isArray(answer) ? pageOfAll(answer.map(withId), filter, sort, page) : { ...answer, results: answer.results.map(withId) };
}

/**
 * A server-paged list (contract §3): pages of 100 fetched as the table shows their rows, server sort
 * and search (debounced), the count, the selection ("all that match" or ids), and live rows patched by
 * id into the loaded pages; a row entering or leaving the list refetches the count and pages quietly.
 */
export function usePagedList<R extends Row, T extends Row = R>({ list, path, filter, rowFilter, defaultSort, shape, idOf, initial }: PagedListOptions<R, T>) {
  const qc = useQueryClient();
  const [text, setText] = useState(initial?.text ?? '');
  const [q, setQ] = useState(initial?.text ?? '');
  const [sort, setSort] = useState<Sort | null>(initial?.sort ?? null);
  const [selection, setSelection] = useState<Selection>(initial?.selection ?? NO_SELECTION);
  const [range, setRange] = useState<[number, number]>([0, PAGE_SIZE - 1]);

  useEffect(() => {
    const t = setTimeout(() => setQ(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  // A screen shown as it stood asks every page (and its totals) as of that instant.
  const { asOf } = useListAsOf();
  const asked = useMemo(() => (filter ? filterAsOf(withSearch(filter, q), asOf) : null), [filter, q, asOf]);
  // A new filter, search or sort is a new list: back to its top, nothing selected.
  const askedKey = JSON.stringify([asked, sort]);
  const [shownKey, setShownKey] = useState(askedKey);
  if (shownKey !== askedKey) {
    setShownKey(askedKey);
    setSelection(NO_SELECTION);
    setRange([0, PAGE_SIZE - 1]);
  }

  const pages = pagesFor(range[0], range[1]);
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: pageKey(list, path, asked ?? {}, sort, page),
      // With the page before loaded, read on after its last row (its next's cursor): page 500 costs what page 1 does.
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchPage<R>(path, asked ?? {}, sort, page, signal, idOf, page > 1 ? cursorOf(qc.getQueryData<Page<R>>(pageKey(list, path, asked ?? {}, sort, page - 1))?.next) : null),
      enabled: asked !== null,
      staleTime: 0,
      // While a new sort or search loads, its page shows the old answer of the same page, never another page's rows.
      placeholderData: (previous: Page<R> | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined) => (previousQuery?.queryKey[5] === page ? previous : undefined),
    })),
  });

  // The count of the latest answer; kept while pages further down load (the table stays, scrolled where it is).
  const countRef = useRef<number | null>(null);
  const estimatedRef = useRef(false);
  const answeredRef = useRef<string | null>(null);
  const answer = results.find((r) => r.data && !r.isPlaceholderData)?.data;
  if (answer) {
    countRef.current = answer.count;
    estimatedRef.current = Boolean(answer.count_estimated);
    answeredRef.current = askedKey;
  }
  const loaded = new Map(pages.map((page, i) => [page, results[i]?.data]));
  // An estimated count (past the server's bound) gives way to what the loaded pages know of the end.
  const countEstimated = asked !== null && estimatedRef.current;
  const count = asked === null ? 0 : rowCount(answer?.count ?? countRef.current ?? 0, countEstimated, loaded);
  // Shown once the list answered: a new sort or search shows the old rows until its own arrive.
  const answered = asked !== null && (answeredRef.current === askedKey || results.some((r) => r.data));
  const failed = results.some((r) => r.isError);

  /** The row at `index`, when its page is loaded (pages scrolled past are read from the cache). */
  const rowAt = (index: number): T | undefined => {
    const page = Math.floor(index / PAGE_SIZE) + 1;
    const data = loaded.get(page) ?? qc.getQueryData<Page<R>>(pageKey(list, path, asked ?? {}, sort, page));
    const row = data?.results[index % PAGE_SIZE];
    return row && (shape ? shape(row) : (row as unknown as T));
  };

  // Live: patch loaded pages by id; rows entering or leaving the list refetch the count and pages quietly.
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onRow = useCallback(
    (ev: RowEvent) => {
      // The past does not change: live rows are for the list as it stands now.
      if (asOf) return;
      const base = ['paged', list];
      const cached = qc.getQueriesData<Page<R>>({ queryKey: base }).map(([, d]) => d);
      const refetch = needsRefetch(cached, ev, rowFilter);
      qc.setQueriesData<Page<R>>({ queryKey: base }, (page) => patchPage(page, ev, rowFilter));
      if (!refetch || refetchTimer.current) return;
      refetchTimer.current = setTimeout(() => {
        refetchTimer.current = null;
        void qc.invalidateQueries({ queryKey: base });
      }, REFETCH_GATHER_MS);
    },
    [qc, list, rowFilter, asOf],
  );
  useLiveRowEvents(list, onRow);
  useEffect(() => () => clearTimeout(refetchTimer.current ?? undefined), []);

  const all = selectAllState(selection, count);
  const clearSelection = () => setSelection(NO_SELECTION);
  /** Fetch the count and the loaded pages again, keeping what is shown meanwhile. */
  const refetch = () => qc.invalidateQueries({ queryKey: ['paged', list] });
  return {
    /** The find box's text (q is sent SEARCH_DEBOUNCE_MS after typing stops). */
    text,
    /** The words sent (the find box's text once typing stopped). */
    q,
    /** The latest page answered (its count and whatever else the call answers, e.g. billing totals). */
    latest: answer,
    setText,
    sort: sort ?? defaultSort,
    onSort: (key: string) => setSort((s) => nextSort(s ?? defaultSort, key)),
    count,
    /** The count is the server's estimate (past its bound): said 'about N'. */
    countEstimated,
    /** "All that match" selected of an estimated count: about as many. */
    selectedEstimated: countEstimated && selection.all,
    rowAt,
    /** Changes with the filter, search or sort asked: the table goes back to its top. */
    shownKey,
    /** Which rows the table shows now (it asks for their pages). */
    setRange: useCallback((from: number, to: number) => setRange((r) => (r[0] === from && r[1] === to ? r : [from, to])), []),
    isPending: asked !== null && !answered && !failed,
    isSuccess: answered,
    isError: failed,
    error: results.find((r) => r.isError)?.error ?? null,
    isFetching: results.some((r) => r.isFetching),
    selection,
    isSelected: (id: string) => isSelected(selection, id),
    onToggle: (id: string) => setSelection((s) => toggleRow(s, id)),
    allState: all,
    onToggleAll: () => setSelection((s) => toggleAllMatching(s, count)),
    selectedCount: selectedCount(selection, count),
    clearSelection,
    /** The bulk body's target: { filter, except } for all that match, else { ids }; null when nothing is selected (a report: all that match). */
    target: (orAllMatching?: boolean) => bulkTarget(selection, asked ?? {}, count, Boolean(orAllMatching) && asked !== null, countEstimated),
    refetch,
    /** What a bulk delete or archive does when done, on every list: the selection cleared and the pages read again. */
    bulkDone: () => {
      clearSelection();
      void refetch();
    },
  };
}

export type PagedList<T extends Row> = ReturnType<typeof usePagedList<Row, T>>;
