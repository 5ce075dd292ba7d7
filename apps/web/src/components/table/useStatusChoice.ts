import { useState } from 'react';
import type { useListPrefs } from './useListPrefs';

type Prefs = ReturnType<typeof useListPrefs>;

/**
 * A status chosen beside a list's saved choices (not saved with them): it lights Refresh as they do,
 * and Refresh applies it with them. `bar` is the choices bar's props with the status in.
 */
export function useStatusChoice<S extends string>(prefs: Prefs, all: S) {
  const [status, setStatus] = useState<S>(all);
  const [statusDraft, setStatusDraft] = useState<S>(all);
  const bar: Prefs = {
    ...prefs,
    changed: prefs.changed || statusDraft !== status,
    refresh: async () => {
      const ok = await prefs.refresh();
      if (ok) setStatus(statusDraft);
      return ok;
    },
  };
  return { status, statusDraft, setStatusDraft, bar };
}
