import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveRowEvents } from '../../../lib/realtime';
import { useExpiringCountQuery } from '../api/expiringCount';
import { expiringCountKey, LOCATES_LIST } from '../api/types';
import { useDayChange } from './useDayChange';

/** Locate changes arriving together (a bulk re-up) are gathered this long into one count. */
const GATHER_MS = 300;

/**
 * How many locates are expiring, kept live: fetched again (gathered) when any locate of the account
 * changes, since a re-up, a new expiry or a status moves it, and when the date changes.
 */
export function useExpiringCount() {
  const qc = useQueryClient();
  const count = useExpiringCountQuery();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey: expiringCountKey }), [qc]);
  const onRow = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refetch();
    }, GATHER_MS);
  }, [refetch]);
  useLiveRowEvents(LOCATES_LIST, onRow);
  useDayChange(refetch);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  return count;
}
