import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListColumn, ListName } from '@trenchline/domain';
import { http } from '../../lib/http';
import { mergeColumns, savedColumns, type ChosenColumn, type DeclaredColumn } from '../../lib/columnPrefs';

/** How long after the last change the choice is saved (a drag or a run of clicks saves once). */
const SAVE_AFTER_MS = 500;

const url = (list: ListName) => `/api/list_columns/${list}/`;
const queryKey = (list: ListName) => ['list_columns', list] as const;

/**
 * A paged list's columns as this user chose them (GET/PUT /api/list_columns/:list/): the declared
 * columns merged with the saved choice, and `change` to choose again. A change shows at once and is
 * saved shortly after; leaving the list or the page saves what is still waiting, so nothing is lost.
 */
export function useListColumns(list: ListName, declared: readonly DeclaredColumn[]) {
  const qc = useQueryClient();
  const saved = useQuery({ queryKey: queryKey(list), queryFn: () => http.get<{ columns: ListColumn[] }>(url(list)), staleTime: Infinity });
  const [choice, setChoice] = useState<ListColumn[] | null>(null);
  const pending = useRef<ListColumn[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const columns = pending.current;
    if (!columns) return;
    pending.current = null;
    qc.setQueryData(queryKey(list), { columns });
    // keepalive: the save still goes when this is the page being left.
    http.put(url(list), { columns }, { keepalive: true }).catch(() => qc.invalidateQueries({ queryKey: queryKey(list) }));
  }, [qc, list]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const current = choice ?? saved.data?.columns;
  const columns = useMemo(() => mergeColumns(declared, current ?? []), [declared, current]);

  const save = useCallback(
    (next: ListColumn[]) => {
      setChoice(next);
      pending.current = next;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
    [flush],
  );

  return {
    columns,
    /** Whether the saved choice is in (until then the declared columns show). */
    ready: saved.isSuccess || saved.isError,
    change: useCallback((next: ChosenColumn[]) => save(savedColumns(next)), [save]),
    /** Back to the declaration: order, widths, every column shown. */
    reset: useCallback(() => save([]), [save]),
  };
}
