import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHotkeys } from '@mantine/hooks';
import { confirmAction } from '../../lib/confirm';
import { errorText, isApiError } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { changedBy, conflictOf } from './conflictLogic';
import type { FormLogic, Values } from './formLogic';
import { useConflict, type ConflictControl } from './useConflict';
import { useRecordForm, type FormState, type Versioned } from './useRecordForm';

/** What a failed record save says (spec 1 and 2, section 8). */
export const SAVE_FAILED = 'Issue detected: Probably the server, but please check for problem data.';

/** What a 409 naming no field says: the record moved on, the user's edits are laid over it. */
export const movedOnMessage = (noun: string) =>
  `This ${noun} was changed by someone else after you opened it, so your changes were not saved yet. Their changes are shown with your edits kept: check and save again.`;

interface SaveMutation<P, A> {
  mutateAsync: (input: { id: string; values: P; version?: number }) => Promise<A>;
  isPending: boolean;
}

interface RemoveMutation {
  mutate: (id: string, opts: { onSuccess: () => void; onError: (e: Error) => void }) => void;
  isPending: boolean;
}

interface Options<R extends Versioned & { id: string }, V extends Values, P, A> {
  record: R;
  /** The record in words, e.g. 'job', 'project'. */
  noun: string;
  /** The area's defineFormLogic, declared once at module level. */
  logic: FormLogic<V>;
  /** The area's save mutation (PUT with If-Match). */
  saveMutation: SaveMutation<P, A>;
  /** What a save sends. */
  toPayload: (draft: V) => P;
  /** The message after a save. */
  savedMessage: (answer: A) => string;
  /** After a save and its message (a bid goes back to its list). */
  afterSave?: (answer: A) => void;
  /** What a failed save says in its notice and in the message box; default SAVE_FAILED with the request. */
  failed?: (e: unknown) => { notice: string; message: string };
  /** Field names in words, for the conflict message. */
  fieldLabel: (field: string) => string;
  /** The area's delete mutation. */
  removeMutation: RemoveMutation;
  /** The message after a delete. */
  removedMessage: string;
  /** Where to go after a delete. */
  afterRemove: string;
}

const failedDefault = (e: unknown) => {
  const detail = isApiError(e) ? `${e.method} ${e.url} ${e.status} ${e.body.message ?? e.statusText}` : errorText(e);
  return { notice: `${SAVE_FAILED} (${detail})`, message: SAVE_FAILED };
};

/**
 * Only the fields the user changed: a field this page merely shows is never sent back, so it cannot
 * undo a change made meanwhile elsewhere (even by this user in another tab, which the server counts
 * as the user's own).
 */
function changedOnly<V extends Values, P>(logic: FormLogic<V>, state: FormState<V>, payload: P): P {
  const all = payload as unknown as Values;
  return Object.fromEntries(logic.changedFields(state.base, state.draft).filter((k) => k in all).map((k) => [k, all[k]])) as P;
}

/**
 * A record's editor logic shared by the detail pages (bids, projects, jobs): the form over the live
 * record, save with the version the draft started from (the server merges by field; a field someone
 * else changed too is a 409 the user settles per field in the conflict panel), field errors, the save
 * error, delete, and Ctrl/Cmd+S.
 */
export function useRecordEditor<R extends Versioned & { id: string }, V extends Values, P, A>(opts: Options<R, V, P, A>) {
  const { record, saveMutation, removeMutation } = opts;
  const navigate = useNavigate();
  const message = useMessage();
  const form = useRecordForm(record, opts.logic);
  const conflict = useConflict();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  /** Save a form state; true when saved. */
  const send = async (state: FormState<V>): Promise<boolean> => {
    setSaveError(null);
    setFieldErrors({});
    try {
      const answer = await saveMutation.mutateAsync({ id: record.id, values: changedOnly(opts.logic, state, opts.toPayload(state.draft)), version: state.version });
      conflict.clear();
      const versioned = answer as unknown as Versioned | undefined;
      if (versioned && typeof versioned.version === 'number') form.reset(versioned);
      message(opts.savedMessage(answer), 'success');
      opts.afterSave?.(answer);
      return true;
    } catch (e) {
      const c = conflictOf(e);
      if (c && c.fields.length) {
        conflict.show(c);
        message(`${changedBy(c, opts.fieldLabel)}. Nothing was saved: choose what to keep.`, 'error');
        return false;
      }
      if (c) {
        form.mergeWith(c.current);
        message(movedOnMessage(opts.noun), 'error');
        return false;
      }
      if (isApiError(e)) setFieldErrors(e.fields);
      const failed = (opts.failed ?? failedDefault)(e);
      setSaveError(failed.notice);
      message(failed.message, 'error');
      return false;
    }
  };

  /** Save again from the record as it now stands, with the choices made in the conflict panel. */
  const resolve = async () => {
    const next = conflict.conflict && form.resolve(conflict.conflict, conflict.choices);
    return next ? send(next) : false;
  };

  // While the conflict panel is open, Save means save with its choices (the older version would be refused again).
  const save = async () => (conflict.conflict ? resolve() : form.state ? send(form.state) : false);

  const control: ConflictControl = {
    conflict: conflict.conflict,
    choices: conflict.choices,
    choose: conflict.choose,
    mine: (field) => form.state?.draft[field],
    resolve: () => void resolve(),
    discard: () => {
      if (conflict.conflict) form.reset(conflict.conflict.current);
      conflict.clear();
    },
    dismiss: conflict.clear,
    saving: saveMutation.isPending,
  };

  const remove = () => {
    if (!confirmAction('Sure you want to delete this?')) return;
    removeMutation.mutate(record.id, {
      onSuccess: () => {
        message(opts.removedMessage);
        navigate(opts.afterRemove);
      },
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  // Ctrl/Cmd+S saves, also while typing in a field.
  useHotkeys([['mod+S', () => void save()]], []);

  return {
    form,
    save,
    remove,
    conflict: control,
    saveError,
    clearSaveError: () => setSaveError(null),
    fieldErrors,
    saving: saveMutation.isPending,
    removing: removeMutation.isPending,
    /** What the record's form takes from its editor (the draft, the field setter, errors, changed fields; Enter saves); null until the form has its state. */
    formProps: form.state ? { values: form.state.draft, onChange: form.setField, errors: fieldErrors, dirty: form.dirtyFields, onEnter: () => void save() } : null,
  };
}

export type RecordEditor = ReturnType<typeof useRecordEditor<Versioned & { id: string }, Values, unknown, unknown>>;
