/**
 * The organization list's own logic (paging, sort and selection are components/table/pagedList.ts, the
 * saved choices lib/listPrefs.ts): the default sort, the status filter and which live rows the list holds.
 * Tested in listLogic.test.ts.
 */
import { SALES_STATUSES } from '@trenchline/domain';
import type { Sort } from '../../lib/listLogic';
import { statusRowFit, withStatusParam, type ListPrefs } from '../../lib/listPrefs';
import type { ListFilter } from '../../components/table/pagedList';

/** By name, as the server orders the list by default. */
export const DEFAULT_SORT: Sort = { key: 'name', dir: 'asc' };

/** The list's status filter: every status, or one of the organization's (New … Not Interested: no followup). */
export const STATUS_CHOICES = ['All statuses', ...SALES_STATUSES] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** The list call's filter with the status asked for (none for every status). */
export const withStatus = (filter: ListFilter | null, status: StatusChoice): ListFilter | null => withStatusParam(filter, 'status', status);

/** Whether a live row belongs in the list of these choices, as the server would say: active or archived, created..last contacted against the range, and the status. */
export const salesRowFit = (p: ListPrefs | null, status: StatusChoice) =>
  statusRowFit(p, { field: 'status', status, span: (row) => ({ start_date: dateOnly(row.created_at), due_date: row.last_contacted ?? dateOnly(row.created_at) }) });

const dateOnly = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : null);

/** An organization's name as shown: its name, else its id ('#12') while it has none. */
export const organizationName = (row: { id: string; name?: string | null }) => (row.name && row.name.trim()) || `#${row.id}`;
