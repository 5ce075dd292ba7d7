import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHotkeys } from '@mantine/hooks';
import { confirmAction } from '../../lib/confirm';
import { errorText, isApiError } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import type { FormLogic, Values } from './formLogic';
import { useRecordForm, type Versioned } from './useRecordForm';

/** What a failed record save says (spec 1 and 2, section 8). */
export const SAVE_FAILED = 'Issue detected: Probably the server, but please check for problem data.';

/** What a 409 says: the record was changed by someone else after the user opened it. */
export const conflictMessage = (noun: string) =>
  `This ${noun} was changed by someone else after you opened it, so your changes were not saved. Reload it, check, and save again.`;

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
  /** The area's defineFormLogic, declared once at module level. */
  logic: FormLogic<V>;
  /** The area's save mutation (PUT with If-Match). */
  saveMutation: SaveMutation<P, A>;
  /** What a save sends. */
  toPayload: (draft: V) => P;
  /** The message after a save. */
  savedMessage: (answer: A) => string;
  /** The message on a 409. */
  conflictMessage: string;
  /** The area's delete mutation. */
  removeMutation: RemoveMutation;
  /** The message after a delete. */
  removedMessage: string;
  /** Where to go after a delete. */
  afterRemove: string;
}

/**
 * A record's editor logic shared by the detail pages (projects, jobs): the form over the live record,
 * save with If-Match (a 409 keeps the newer record until the user reloads), field errors, the save
 * error, delete, and Ctrl/Cmd+S.
 */
export function useRecordEditor<R extends Versioned & { id: string }, V extends Values, P, A>(opts: Options<R, V, P, A>) {
  const { record, saveMutation, removeMutation } = opts;
  const navigate = useNavigate();
  const message = useMessage();
  const form = useRecordForm(record, opts.logic);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  /** A 409: the newer record the server answered with, until the user reloads. */
  const [conflict, setConflict] = useState<Versioned | null>(null);

  const save = async () => {
    if (!form.state) return;
    setSaveError(null);
    setFieldErrors({});
    try {
      const answer = await saveMutation.mutateAsync({ id: record.id, values: opts.toPayload(form.state.draft), version: form.state.version });
      setConflict(null);
      const versioned = answer as unknown as Versioned | undefined;
      if (versioned && typeof versioned.version === 'number') form.reset(versioned);
      message(opts.savedMessage(answer), 'success');
    } catch (e) {
      if (isApiError(e) && e.status === 409) {
        const current = e.body.current as (Values & { version?: number }) | undefined;
        setConflict(current && typeof current.version === 'number' ? (current as Versioned) : { ...record });
        message(opts.conflictMessage, 'error');
        return;
      }
      if (isApiError(e)) setFieldErrors(e.fields);
      const detail = isApiError(e) ? `${e.method} ${e.url} ${e.status} ${e.body.message ?? e.statusText}` : errorText(e);
      setSaveError(`${SAVE_FAILED} (${detail})`);
      message(SAVE_FAILED, 'error');
    }
  };

  /** Take the newer record: with the user's edits laid on top, or without them. */
  const reload = (keepEdits: boolean) => {
    const newer = conflict && conflict.version >= record.version ? conflict : record;
    if (keepEdits) form.mergeWith(newer);
    else form.reset(newer);
    setConflict(null);
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
    reload,
    remove,
    conflict,
    saveError,
    clearSaveError: () => setSaveError(null),
    fieldErrors,
    saving: saveMutation.isPending,
    removing: removeMutation.isPending,
  };
}

export type RecordEditor = ReturnType<typeof useRecordEditor<Versioned & { id: string }, Values, unknown, unknown>>;
