/**
 * What a paged list page with a status filter is made of (the locate, order, ticket, RFQ and sales
 * lists): the user's saved choices, the status beside them (applied by Refresh, as they are), the rows
 * that flash when anyone changes them, the server's pages for the filter, and what a bulk action does
 * when done. The page keeps its own title bar, buttons and table.
 */
import { useMemo } from 'react';
import { Select } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import type { Sort } from '../../lib/listLogic';
import { listFilter, type ListPrefs } from '../../lib/listPrefs';
import type { ListFilter } from './pagedList';
import { useListPrefs } from './useListPrefs';
import { usePagedList } from './usePagedList';
import { useRowFlash } from './useRowFlash';
import { useStatusChoice } from './useStatusChoice';

interface Options<S extends string> {
  searchDates: Parameters<typeof useListPrefs>[0];
  queryKey: (p: ListPrefs) => QueryKey;
  /** The live list's name and the list call's path. */
  list: string;
  path: string;
  /** The status choice that means every status. */
  all: S;
  withStatus(filter: ListFilter | null, status: S): ListFilter | null;
  rowFit(p: ListPrefs | null, status: S): ((row: Record<string, unknown>) => boolean) | null;
  defaultSort: Sort;
}

export function useStatusListPage<R extends { id: string }, S extends string>(o: Options<S>) {
  const prefs = useListPrefs(o.searchDates, o.queryKey);
  const { applied } = prefs;
  const status = useStatusChoice<S>(prefs, o.all);
  // Rows change in place when anyone changes one; the changed row is marked for a moment.
  const flashed = useRowFlash(o.list);
  const { withStatus, rowFit } = o;
  const filter = useMemo(() => withStatus(listFilter(applied), status.status), [applied, status.status, withStatus]);
  const fit = useMemo(() => rowFit(applied, status.status), [applied, status.status, rowFit]);
  const list = usePagedList<R>({ list: o.list, path: o.path, filter, rowFilter: fit, defaultSort: o.defaultSort });
  /** After a bulk delete or archive: the selection cleared and the pages read again. */
  const done = list.bulkDone;
  const loading = !applied || (list.isPending && !prefs.nothingAsked);
  return { prefs, status, flashed, list, done, loading };
}

/** The status filter beside the saved choices: the draft, applied by Refresh. */
export function StatusSelect<S extends string>({ choices, status, width = 130 }: { choices: readonly S[]; status: { statusDraft: NoInfer<S>; setStatusDraft(s: NoInfer<S>): void }; width?: number }) {
  return (
    <Select
      size="xs"
      w={width}
      aria-label="Status"
      data={[...choices]}
      value={status.statusDraft}
      allowDeselect={false}
      onChange={(v) => status.setStatusDraft((v as S | null) ?? choices[0])}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
