/**
 * A screen's choices saved when they change: `delayMs` after the last change (typing and scrolling save
 * once they stop), and at once when the screen goes: unmounted (another page of the app) or the page
 * hidden or closed (pagehide, sent with keepalive), so what the user last did is what comes back.
 */
import { useCallback, useEffect, useRef } from 'react';

export interface SavedOnChange<T> {
  /** What the server holds now (read when the screen opened). */
  saved: T;
  /** What changed between what is saved and what is shown: empty when nothing. */
  changes: (saved: T, now: T) => Partial<T>;
  /** Send the changes; `keepalive` when the page may be closing. */
  save: (patch: Partial<T>, opts: { keepalive: boolean }) => void;
  delayMs: number;
}

export function useSavedOnChange<T>(value: T, { saved, changes, save, delayMs }: SavedOnChange<T>) {
  const savedRef = useRef(saved);
  const pending = useRef<{ value: T; patch: Partial<T> } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  const flush = useCallback((keepalive: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    savedRef.current = p.value;
    saveRef.current(p.patch, { keepalive });
  }, []);

  useEffect(() => {
    const patch = changes(savedRef.current, value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (Object.keys(patch).length === 0) {
      pending.current = null;
      return;
    }
    pending.current = { value, patch };
    timer.current = setTimeout(() => flush(false), delayMs);
  }, [value, changes, delayMs, flush]);

  // Leaving: the page hidden or closed, or the screen unmounted by a move inside the app.
  useEffect(() => {
    const onHide = () => flush(true);
    const onVisibility = () => document.visibilityState === 'hidden' && flush(true);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush(true);
    };
  }, [flush]);
}
