/**
 * The optimistic side of every set and task write: a blank row appears in the record's cache at once
 * and is replaced by the server's line when it answers (or taken out again when it fails). Used by
 * the one-request-per-file hooks beside it.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { addSet, addTask, removeSet, removeTask, replaceSet, replaceTask, type Shape } from '../logic';

type Row = { id: string } & Record<string, unknown>;
type Detail = Record<string, unknown>;

/** Add a set (no setId) or a task (setId) to the record cached under `key`. */
export function useNestedAdd(key: QueryKey, shape: Shape, post: (setId?: string) => Promise<Row>, blank: Record<string, unknown> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ setId }: { setId?: string; temp: string }) => post(setId),
    onMutate: ({ setId, temp }) => {
      // A refetch in flight is cancelled (reverting at once, synchronously) so it cannot undo the change made next.
      void qc.cancelQueries({ queryKey: key, exact: true });
      const row = { id: temp, name: null, notes: null, ...blank, pending: true };
      qc.setQueryData<Detail>(key, (d) => (d ? (setId ? addTask(d, shape, setId, row) : addSet(d, shape, row)) : d));
    },
    onSuccess: (line, { setId, temp }) => {
      // The answer's version is the line's own, kept for its edits; the position is the write's.
      const { position: _p, ...row } = line;
      qc.setQueryData<Detail>(key, (d) => (d ? (setId ? replaceTask(d, shape, temp, row) : replaceSet(d, shape, temp, row as Row)) : d));
      return qc.invalidateQueries({ queryKey: key, exact: true });
    },
    onError: (_e, { setId, temp }) => {
      qc.setQueryData<Detail>(key, (d) => (d ? (setId ? removeTask(d, shape, temp) : removeSet(d, shape, temp)) : d));
    },
  });
}

/** A set or task save: the changed fields, from the line's version when the user began editing. */
export interface NestedSaveInput {
  id: string;
  values: Record<string, unknown>;
  version?: number;
}

/** Save a set or task line: the server's answer (with the line's new version) goes into the cache at once. */
export function useNestedSave(key: QueryKey, shape: Shape, kind: 'set' | 'task', put: (input: NestedSaveInput) => Promise<Row>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: put,
    onSuccess: (line, { id }) => {
      const { position: _p, ...row } = line;
      qc.setQueryData<Detail>(key, (d) => (d ? (kind === 'task' ? replaceTask(d, shape, id, row) : replaceSet(d, shape, id, row as Row)) : d));
      return qc.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}

/** Delete a set (its tasks go with it on the server) or a task. */
export function useNestedDelete(key: QueryKey, shape: Shape, kind: 'set' | 'task', del: (id: string) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del(id),
    onSuccess: (_a, id) => {
      qc.setQueryData<Detail>(key, (d) => (d ? (kind === 'task' ? removeTask(d, shape, id) : removeSet(d, shape, id)) : d));
      return qc.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}
