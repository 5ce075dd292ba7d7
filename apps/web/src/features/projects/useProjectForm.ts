import { useCallback, useEffect, useState } from 'react';
import type { ProjectValues } from './api/types';
import { changedFields, rebase, valuesOf, type Values } from './formLogic';

interface FormState {
  /** The values and version the draft started from (sent as If-Match). */
  base: ProjectValues;
  version: number;
  draft: ProjectValues;
}

type Versioned = Values & { version: number };

const fresh = (record: Versioned): FormState => {
  const values = valuesOf(record);
  return { base: values, version: record.version, draft: values };
};

/**
 * The project form's state over the live record. A newer version is taken in silently when the user
 * has no unsaved edits, or when it changed no project field (e.g. this user added a note); otherwise
 * `stale` names the fields someone else changed and the user decides.
 */
export function useProjectForm(record: Versioned | undefined) {
  const [state, setState] = useState<FormState | null>(null);
  const [conflicts, setConflicts] = useState<string[]>([]);

  useEffect(() => {
    if (!record) return;
    setState((s) => {
      if (!s) return fresh(record);
      if (record.version <= s.version) return s;
      const server = valuesOf(record);
      if (changedFields(s.base, s.draft).length === 0) return fresh(record);
      if (changedFields(s.base, server).length === 0) return { ...s, base: server, version: record.version };
      return s;
    });
  }, [record]);

  const dirtyFields = state ? changedFields(state.base, state.draft) : [];
  const theirs = state && record && record.version > state.version ? changedFields(state.base, valuesOf(record)) : [];

  const setField = useCallback((name: string, value: unknown) => {
    setState((s) => (s ? { ...s, draft: { ...s.draft, [name]: value } as ProjectValues } : s));
  }, []);

  /** Lay the user's edits over `newer` (the live record, or a 409's current record). */
  const mergeWith = useCallback((newer: Versioned) => {
    setState((s) => {
      if (!s) return fresh(newer);
      const r = rebase(s.base, s.draft, newer);
      setConflicts(r.conflicts);
      return { base: valuesOf(newer), version: newer.version, draft: r.draft };
    });
  }, []);

  /** Start again from a record (after a save, or discarding edits). */
  const reset = useCallback((to: Versioned) => {
    setConflicts([]);
    setState(fresh(to));
  }, []);

  return {
    state,
    dirty: dirtyFields.length > 0,
    dirtyFields,
    /** Fields someone else changed since the draft started, while the user has unsaved edits. */
    stale: dirtyFields.length > 0 ? theirs : [],
    conflicts,
    setField,
    mergeWith,
    reset,
  };
}
