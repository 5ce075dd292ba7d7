/**
 * Unsaved edits kept as a patch over a live row (a line, a catalog record, a routine), one patch per
 * row, each saved with the row's version from when its first edit was made: the server merges by
 * field, and a field someone else changed too since is a 409 the user settles in the conflict panel
 * (keep mine or take theirs, then save again from the current version). A line deleted meanwhile is
 * a 410: the server's words are shown and the screen is refreshed, the line never re-created.
 */
import { useState } from 'react';
import type { FieldSpec, Line } from '@trenchline/domain';
import { isApiError } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { showValue, wordsOf } from '../history/format';
import { changedBy, conflictOf, goneMessage, resolvePatch, type Current } from '../record/conflictLogic';
import { useConflict, type ConflictControl } from '../record/useConflict';
import { changedValues, displayValue, type Patch } from './values';

export interface PatchEditsOptions {
  fields: FieldSpec[];
  /** PUT the changed values, from the version the edits started on (none for a row the server has not answered yet). */
  save: (row: Line, values: Record<string, unknown>, version: number | undefined) => Promise<unknown>;
  /** After a save (a message, closing a panel), with what the save answered. */
  onSaved?: (row: Line, answer: unknown) => void;
  /** Any other failure (field errors are kept per row already). */
  onFailed?: (e: unknown, row: Line) => void;
  /** The screen's copy is behind (a line deleted, edits discarded): fetch it again; a 409 gives the row as it now stands. */
  refresh: (current?: Current) => void;
}

interface Edit {
  patch: Patch;
  /** The row's version when the first edit was made. */
  since?: number;
}

const versionOf = (row: Line) => (typeof row.version === 'number' ? row.version : undefined);
const NONE: Patch = {};

export function usePatchEdits(o: PatchEditsOptions) {
  const message = useMessage();
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [saving, setSaving] = useState<Record<string, boolean>>({});
  const conflict = useConflict();

  const field = (name: string) => o.fields.find((f) => f.name === name);
  const labelOf = (name: string) => field(name)?.label ?? wordsOf(name);
  const show = (name: string, v: unknown) => {
    const f = field(name);
    return f ? displayValue(f, v) : showValue(v);
  };

  const patchOf = (id: string) => edits[id]?.patch ?? NONE;
  const valuesOf = (row: Line) => changedValues(o.fields, row, edits[row.id]?.patch);
  const isDirty = (row: Line) => Object.keys(valuesOf(row)).length > 0;
  const put = (id: string, edit: Edit) => setEdits((x) => ({ ...x, [id]: edit }));
  const setField = (row: Line, name: string, value: unknown) =>
    setEdits((x) => ({ ...x, [row.id]: { since: x[row.id] ? x[row.id].since : versionOf(row), patch: { ...x[row.id]?.patch, [name]: value } } }));
  const clear = (id: string) => {
    setEdits(({ [id]: _gone, ...rest }) => rest);
    setErrors(({ [id]: _gone, ...rest }) => rest);
  };

  /** Save a row's patch from a version; true when saved (or nothing to save). */
  const send = async (row: Line, patch: Patch, version: number | undefined): Promise<boolean> => {
    const values = changedValues(o.fields, row, patch);
    if (Object.keys(values).length === 0) {
      clear(row.id);
      return true;
    }
    setSaving((s) => ({ ...s, [row.id]: true }));
    try {
      const answer = await o.save(row, values, version);
      clear(row.id);
      o.onSaved?.(row, answer);
      return true;
    } catch (e) {
      const c = conflictOf(e);
      const gone = goneMessage(e);
      if (c && c.fields.length) {
        conflict.show(c);
        message(`${changedBy(c, labelOf)}. Nothing was saved: choose what to keep.`, 'error');
        o.refresh(c.current);
      } else if (c) {
        // The record moved on without naming a field: the edits stay over it, to be saved again.
        put(row.id, { patch, since: c.current.version });
        message('Someone else changed this after you opened it. Nothing was saved: check and save again.', 'error');
        o.refresh(c.current);
      } else if (gone) {
        clear(row.id);
        message(gone, 'error');
        o.refresh();
      } else {
        if (isApiError(e)) setErrors((x) => ({ ...x, [row.id]: e.fields }));
        o.onFailed?.(e, row);
      }
      return false;
    } finally {
      setSaving(({ [row.id]: _done, ...rest }) => rest);
    }
  };

  const conflictId = conflict.conflict ? String(conflict.conflict.current.id) : null;

  /** Save the row in conflict again from the version the 409 answered, with the choices made. */
  const resolve = async () => {
    const c = conflict.conflict;
    if (!c || conflictId === null) return false;
    const patch = resolvePatch(patchOf(conflictId), c, conflict.choices);
    conflict.clear();
    put(conflictId, { patch, since: c.current.version });
    return send({ ...c.current, id: conflictId }, patch, c.current.version);
  };

  // While the row's conflict is open, its Save means save with the choices (the older version would be refused again).
  const save = (row: Line) => (row.id === conflictId ? resolve() : send(row, patchOf(row.id), edits[row.id] ? edits[row.id].since : versionOf(row)));

  const control: ConflictControl = {
    conflict: conflict.conflict,
    choices: conflict.choices,
    choose: conflict.choose,
    mine: (name) => (conflictId !== null && name in patchOf(conflictId) ? patchOf(conflictId)[name] : conflict.conflict?.fields.find((f) => f.field === name)?.yours),
    resolve: () => void resolve(),
    discard: () => {
      if (conflictId !== null) clear(conflictId);
      conflict.clear();
      o.refresh(conflict.conflict?.current);
    },
    dismiss: conflict.clear,
    saving: conflictId !== null && Boolean(saving[conflictId]),
  };

  return {
    patchOf,
    valuesOf,
    isDirty,
    setField,
    save,
    clear,
    errorsOf: (id: string) => errors[id] ?? {},
    /** The version a row's unsaved edit began from (none while it has none): a save sends it, not the row's newest. */
    sinceOf: (id: string) => edits[id]?.since,
    isSaving: (id: string) => Boolean(saving[id]),
    /** What the conflict panel (or modal) takes, less its noun. */
    panel: { control, labelOf, show },
  };
}

/** The same for one row (a line's panel, a routine, a catalog row). */
export function usePatchEdit(row: Line, o: PatchEditsOptions) {
  const all = usePatchEdits(o);
  return {
    patch: all.patchOf(row.id),
    values: all.valuesOf(row),
    dirty: all.isDirty(row),
    setField: (name: string, value: unknown) => all.setField(row, name, value),
    save: () => all.save(row),
    clear: () => all.clear(row.id),
    errors: all.errorsOf(row.id),
    saving: all.isSaving(row.id),
    panel: all.panel,
  };
}
