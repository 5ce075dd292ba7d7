/**
 * The order list's own logic (paging, sort and selection are components/table/pagedList.ts, the saved
 * choices lib/listPrefs.ts): the default sort, the status filter, which live rows the list holds, the
 * order number as shown and what public mode hides. Tested in listLogic.test.ts.
 */
import { ORDER_STATUSES } from '@trenchline/domain';
import type { Sort } from '../../lib/listLogic';
import { statusRowFit, withStatusParam, type ListPrefs } from '../../lib/listPrefs';
import type { ListFilter } from '../../components/table/pagedList';

/** Newest first, as the server orders the list by default (-id). */
export const DEFAULT_SORT: Sort = { key: 'id', dir: 'desc' };

/** The list's status filter: every status, or one of the order's (Draft, Submitted). */
export const STATUS_CHOICES = ['All statuses', ...ORDER_STATUSES] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** The list call's filter with the status asked for (none for every status). */
export const withStatus = (filter: ListFilter | null, status: StatusChoice): ListFilter | null => withStatusParam(filter, 'status', status);

/** Whether a live row belongs in the list of these choices, as the server would say: active or archived, its order date against the range, and the status. */
export const orderRowFit = (p: ListPrefs | null, status: StatusChoice) => statusRowFit(p, { field: 'status', status, span: (row) => ({ start_date: row.order_date, due_date: row.order_date }) });

/** The order's number as shown: the counter's number, else its id ('#12') while it has none. */
export const orderNumberText = (row: { id: string; order_number?: string | null }) => row.order_number || `#${row.id}`;

/** What public mode hides, for showing the list to a customer: who changed what when. */
export const PUBLIC_MODE_HIDDEN = ['last_updated'] as const;

export const shownColumns = <C extends { key: string }>(columns: C[], publicMode: boolean): C[] =>
  publicMode ? columns.filter((c) => !(PUBLIC_MODE_HIDDEN as readonly string[]).includes(c.key)) : columns;
