import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveRowEvents, type RowEvent } from '../../lib/realtime';
import { useListAsOf } from './listAsOf';

/** How long a row someone else just changed stays marked. */
export const FLASH_MS = 2500;

/**
 * Keeps list `list` live (lib/realtime patches the cached rows in place) and marks a row for a moment
 * when it changes, so the change is seen. Answers the ids marked now.
 */
export function useRowFlash(list: string): ReadonlySet<string> {
  const [flashed, setFlashed] = useState<Set<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const { asOf } = useListAsOf();
  const flash = useCallback((ev: RowEvent) => {
    if (ev.op !== 'upsert' || asOf) return;
    const id = String(ev.id);
    setFlashed((s) => new Set(s).add(id));
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setFlashed((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
      }, FLASH_MS),
    );
  }, [asOf]);
  useLiveRowEvents(list, flash);
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  return flashed;
}
