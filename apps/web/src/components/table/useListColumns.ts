import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListColumn, ListName } from '@trenchline/domain';
import { http } from '../../lib/http';
import { useSavedOnChange } from '../../lib/useSavedOnChange';
import { mergeColumns, savedColumns, type ChosenColumn, type DeclaredColumn } from '../../lib/columnPrefs';

/** How long after the last change the choice is saved (a drag or a run of clicks saves once). */
const SAVE_AFTER_MS = 500;

const url = (list: ListName) => `/api/list_columns/${list}/`;
const queryKey = (list: ListName) => ['list_columns', list] as const;

/** The user's choice on this screen: null until they choose (the saved one shows meanwhile). */
type Choice = { columns: ListColumn[] | null };
const NOT_CHOSEN: Choice = { columns: null };
const chosenSince = (saved: Choice, now: Choice): Partial<Choice> => (now.columns !== null && now.columns !== saved.columns ? { columns: now.columns } : {});

/**
 * A paged list's columns as this user chose them (GET/PUT /api/list_columns/:list/): the declared
 * columns merged with the saved choice, and `change` to choose again. A change shows at once and is
 * saved shortly after; leaving the list or the page saves what is still waiting (useSavedOnChange).
 */
export function useListColumns(list: ListName, declared: readonly DeclaredColumn[]) {
  const qc = useQueryClient();
  const saved = useQuery({ queryKey: queryKey(list), queryFn: () => http.get<{ columns: ListColumn[] }>(url(list)), staleTime: Infinity });
  const [choice, setChoice] = useState<ListColumn[] | null>(null);

  useSavedOnChange(
    useMemo(() => ({ columns: choice }), [choice]),
    {
      saved: NOT_CHOSEN,
      changes: chosenSince,
      save: ({ columns }, { keepalive }) => {
        if (!columns) return;
        qc.setQueryData(queryKey(list), { columns });
        http.put(url(list), { columns }, { keepalive }).catch(() => qc.invalidateQueries({ queryKey: queryKey(list) }));
      },
      delayMs: SAVE_AFTER_MS,
    },
  );

  const current = choice ?? saved.data?.columns;
  const columns = useMemo(() => mergeColumns(declared, current ?? []), [declared, current]);

  return {
    columns,
    /** Whether the saved choice is in (until then the declared columns show). */
    ready: saved.isSuccess || saved.isError,
    change: useCallback((next: ChosenColumn[]) => setChoice(savedColumns(next)), []),
    /** Back to the declaration: order, widths, every column shown. */
    reset: useCallback(() => setChoice([]), []),
  };
}
