import { useEffect, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorText } from '../../lib/http';
import { changedPrefs, DEFAULT_PREFS, rowFilter, type ListPrefs } from '../../lib/listPrefs';
import { useMessage } from '../../lib/messages';
import type { SearchDatesCalls } from '../../lib/searchDates';

/** Said when Refresh sends changed choices (spec 2, shared behaviours). */
export const QUERY_UPDATED = 'Query updated, new request submitted - please wait...';

/**
 * A ranged list's saved choices (projects, jobs, all other jobs): the ones the list on screen was
 * asked with (`applied`, restored from the server on every visit) and the ones being chosen
 * (`draft`); they differ when Refresh lights up. Refresh saves the draft, applies it and reloads the
 * list at `listKey`.
 */
export function useListPrefs(calls: SearchDatesCalls, listKey: (p: ListPrefs) => QueryKey) {
  const message = useMessage();
  const qc = useQueryClient();
  const saved = calls.useSearchDates();
  const save = calls.useSaveSearchDates();
  const [applied, setApplied] = useState<ListPrefs | null>(null);
  const [draft, setDraft] = useState<ListPrefs>(DEFAULT_PREFS);

  // The saved preferences come back on every visit; without them (an error), the defaults.
  useEffect(() => {
    if (applied) return;
    const prefs = saved.data ?? (saved.isError ? DEFAULT_PREFS : null);
    if (!prefs) return;
    setApplied(prefs);
    setDraft(prefs);
  }, [applied, saved.data, saved.isError]);

  const changed = applied ? changedPrefs(applied, draft).length > 0 : false;

  /** Save and apply the draft, then reload the list; true when it was saved. */
  const refresh = async (): Promise<boolean> => {
    try {
      const now = await save.mutateAsync(draft);
      if (changed) message(QUERY_UPDATED);
      setApplied(now);
      setDraft(now);
      await qc.invalidateQueries({ queryKey: listKey(now) });
      return true;
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
      return false;
    }
  };

  return {
    applied,
    draft,
    setDraft,
    changed,
    refresh,
    refreshing: save.isPending,
    /** Neither Active nor Archived: the list asks for nothing. */
    nothingAsked: applied !== null && rowFilter(applied) === null,
  };
}
