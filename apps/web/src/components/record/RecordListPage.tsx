/**
 * One list page for every record area (orders, tickets, locates, RFQs, sales, help): the area's list
 * declaration (title, noun, the saved choices' words, its search dates, list and path, default sort,
 * the rows a filter keeps, and the status beside the choices if it has one) and its special pieces
 * as slots: the toolbar's actions, the table, and anything above the list. The user's saved choices,
 * paged from the server as it scrolls, live, searched and sorted there, selectable (all that match);
 * the status is applied by Refresh, as the saved choices are.
 */
import type { ComponentType, ReactNode } from 'react';
import { Group, Paper } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import type { Sort } from '../../lib/listLogic';
import type { ListPrefs } from '../../lib/listPrefs';
import type { SelectionTarget } from './useBulkOperation';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../table/ListPage';
import type { ListFilter } from '../table/pagedList';
import type { useListPrefs } from '../table/useListPrefs';
import type { PagedList } from '../table/usePagedList';
import { StatusSelect, useStatusListPage } from '../table/useStatusListPage';
import { noneYet } from '../../lib/words';

/** An area's list, declared once. */
export interface RecordListDeclaration<S extends string = string> {
  /** The title bar's words ('Orders'). */
  title: string;
  /** What the list counts ('orders': '3 orders', 'No orders for these choices.'). */
  noun: string;
  /** The label of the button that adds one ('New order'), for what the empty list says. */
  newLabel?: string;
  /** The saved choices' label ('Which orders (by order date)') and what public mode hides. */
  which: string;
  publicModeHint: string;
  /** The user's search dates preference, and the pages' query key for a choice. */
  searchDates: Parameters<typeof useListPrefs>[0];
  queryKey: (p: ListPrefs) => QueryKey;
  /** The live list's name and the list call's path. */
  list: string;
  path: string;
  defaultSort: Sort;
  /** The rows a choice (and status) keeps, for live rows. */
  rowFit(p: ListPrefs | null, status: S): ((row: Record<string, unknown>) => boolean) | null;
  /** A status chosen beside the saved choices: its choices (the first means all), its filter, the select's width. */
  status?: { choices: readonly S[]; withStatus(filter: ListFilter | null, status: S): ListFilter | null; width?: number };
}

/** What the toolbar's actions are given. */
export interface RecordListActions {
  /** The selection (or every match) for a bulk action. */
  target: SelectionTarget;
  /** After a bulk delete or archive: the selection cleared and the pages read again. */
  done: () => void;
}

/** What the area's table is given. */
export interface RecordListTableProps<R extends { id: string }> {
  list: PagedList<R>;
  publicMode?: boolean;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
  height?: string;
}

interface Props<R extends { id: string }, S extends string> {
  of: RecordListDeclaration<S>;
  /** The title bar's buttons: new, bulk actions, reports. */
  actions: (slot: RecordListActions) => ReactNode;
  /** The area's table of the rows. */
  table: ComponentType<RecordListTableProps<R>>;
  /** Shown above the list (help's training video), and the table's height when something is. */
  above?: ReactNode;
  height?: string;
}

const unfiltered = (filter: ListFilter | null) => filter;

export function RecordListPage<R extends { id: string }, S extends string = string>({ of, actions, table: Table, above, height }: Props<R, S>) {
  const { prefs, status, flashed, list, done, loading } = useStatusListPage<R, S>({
    searchDates: of.searchDates,
    queryKey: of.queryKey,
    list: of.list,
    path: of.path,
    all: (of.status?.choices[0] ?? '') as S,
    withStatus: of.status?.withStatus ?? unfiltered,
    rowFit: of.rowFit,
    defaultSort: of.defaultSort,
  });
  const { draft, nothingAsked } = prefs;
  const count = <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun={of.noun} />;

  return (
    <>
      {above}
      <Paper withBorder p="xs" radius="sm">
        <ListTitleBar title={of.title} filter={list.text} onFilter={list.setText}>
          {actions({ target: list.target, done })}
        </ListTitleBar>
        <ListPrefsRow prefs={status.bar} label={of.which} publicModeHint={of.publicModeHint} onRefreshed={list.clearSelection}>
          {of.status ? (
            <Group gap="xs" wrap="nowrap">
              {count}
              <StatusSelect choices={of.status.choices} status={status} width={of.status.width} />
            </Group>
          ) : (
            count
          )}
        </ListPrefsRow>

        <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun={of.noun} shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText={noneYet(of.noun, of.newLabel, undefined, 'for these choices')} />
        {list.isSuccess && list.count > 0 && <Table list={list} publicMode={draft.public_mode} flashed={flashed} height={height} />}
      </Paper>
    </>
  );
}
