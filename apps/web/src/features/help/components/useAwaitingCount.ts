import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveRowEvents } from '../../../lib/realtime';
import { useAwaitingCountQuery } from '../api/awaitingCount';
import { awaitingCountKey, HELP_LIST } from '../api/types';

/** Ticket changes arriving together (a bulk archive) are gathered this long into one count. */
const GATHER_MS = 300;

/**
 * How many help tickets await the user, kept live: fetched again (gathered) when any help ticket of
 * the account changes, since an update, a status or closing moves it.
 */
export function useAwaitingCount() {
  const qc = useQueryClient();
  const count = useAwaitingCountQuery();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey: awaitingCountKey }), [qc]);
  const onRow = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refetch();
    }, GATHER_MS);
  }, [refetch]);
  useLiveRowEvents(HELP_LIST, onRow);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  return count;
}
