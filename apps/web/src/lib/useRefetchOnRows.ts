import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveRowEvents } from './realtime';

/** Row events arriving together (a bulk action) are gathered this long into one fetch. */
const GATHER_MS = 300;

/**
 * A query fetched again, gathered, whenever any row of a list changes (a count the navigation shows);
 * answers the refetch for other occasions (the date changing).
 */
export function useRefetchOnRows(list: string, queryKey: QueryKey): () => void {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey }), [qc, queryKey]);
  const onRow = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refetch();
    }, GATHER_MS);
  }, [refetch]);
  useLiveRowEvents(list, onRow);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  return refetch;
}
