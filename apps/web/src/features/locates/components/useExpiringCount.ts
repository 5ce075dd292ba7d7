import { useRefetchOnRows } from '../../../lib/useRefetchOnRows';
import { useExpiringCountQuery } from '../api/expiringCount';
import { expiringCountKey, LOCATES_LIST } from '../api/types';
import { useDayChange } from './useDayChange';

/**
 * How many locates are expiring, kept live: fetched again (gathered) when any locate of the account
 * changes, since a re-up, a new expiry or a status moves it, and when the date changes.
 */
export function useExpiringCount() {
  const refetch = useRefetchOnRows(LOCATES_LIST, expiringCountKey);
  useDayChange(refetch);
  return useExpiringCountQuery();
}
