import { useCallback, useEffect, useState } from 'react';
import { resolveForm, type Choices, type Conflict } from './conflictLogic';
import type { FormLogic, Values } from './formLogic';

export interface FormState<V> {
  /** The values and version the draft started from (sent as If-Match). */
  base: V;
  version: number;
  draft: V;
}

export type Versioned = Values & { version: number };

/**
 * A record form's state over the live record. A newer version is taken in silently when the user
 * has no unsaved edits, or when it changed none of the form's fields (e.g. this user added a line);
 * otherwise `stale` names the fields someone else changed and the user decides (merge or discard).
 * A save from an older version is merged by field on the server, so `stale` is a heads-up, not a block.
 * `logic` is the area's defineFormLogic, declared once at module level.
 */
export function useRecordForm<V extends Values>(record: Versioned | undefined, logic: FormLogic<V>) {
  const { valuesOf, changedFields, rebase } = logic;
  const [state, setState] = useState<FormState<V> | null>(null);
  const [conflicts, setConflicts] = useState<string[]>([]);

  const fresh = useCallback((r: Versioned): FormState<V> => {
    const values = valuesOf(r);
    return { base: values, version: r.version, draft: values };
  }, [valuesOf]);

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
  }, [record, fresh, valuesOf, changedFields]);

  const dirtyFields = state ? changedFields(state.base, state.draft) : [];
  const dirty = dirtyFields.length > 0;

  // The browser asks before leaving the page while there are unsaved edits.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const theirs = state && record && record.version > state.version ? changedFields(state.base, valuesOf(record)) : [];

  const setField = useCallback((name: string, value: unknown) => {
    setState((s) => (s ? { ...s, draft: { ...s.draft, [name]: value } } : s));
  }, []);

  /** Lay the user's edits over `newer` (the live record, or a 409's current record). */
  const mergeWith = useCallback((newer: Versioned) => {
    setState((s) => {
      if (!s) return fresh(newer);
      const r = rebase(s.base, s.draft, newer);
      setConflicts(r.conflicts);
      return { base: valuesOf(newer), version: newer.version, draft: r.draft };
    });
  }, [fresh, rebase, valuesOf]);

  /** After a 409: the draft rebased on the record as it now stands with the user's choices; the state to save. */
  const resolve = (c: Conflict, choices: Choices): FormState<V> | null => {
    if (!state) return null;
    const next = resolveForm(logic, state, c, choices);
    setConflicts([]);
    setState(next);
    return next;
  };

  /** Start again from a record (after a save, or discarding edits). */
  const reset = useCallback((to: Versioned) => {
    setConflicts([]);
    setState(fresh(to));
  }, [fresh]);

  return {
    state,
    dirty,
    dirtyFields,
    /** Fields someone else changed since the draft started, while the user has unsaved edits. */
    stale: dirty ? theirs : [],
    conflicts,
    setField,
    mergeWith,
    resolve,
    reset,
  };
}
