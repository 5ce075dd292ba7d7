import { useRefetchOnRows } from '../../../lib/useRefetchOnRows';
import { useAwaitingCountQuery } from '../api/awaitingCount';
import { awaitingCountKey, HELP_LIST } from '../api/types';

/**
 * How many help tickets await the user, kept live: fetched again (gathered) when any help ticket of
 * the account changes, since an update, a status or closing moves it.
 */
export function useAwaitingCount() {
  useRefetchOnRows(HELP_LIST, awaitingCountKey);
  return useAwaitingCountQuery();
}
