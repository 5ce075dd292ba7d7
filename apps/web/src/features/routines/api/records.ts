/**
 * A routine's or do-routine's own requests (its list, one record, create, save, delete), the same
 * for both kinds (kinds.ts); sets and tasks are the registry's lines (lines.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import type { RoutineKind } from '../kinds';
import { forSave, removeRow, replaceTemp, tempId } from '../logic';
import type { WriteAnswer } from './types';

type Row = { id: string };

/** Every record of the account with its sets and tasks; waits for this client's own writes. */
export const recordsQuery = <T extends Row>(kind: RoutineKind<T>) =>
  // Live 'row' events of the list patch this cache; refetched whenever the screen opens.
  queryOptions({ queryKey: kind.listKey, queryFn: ({ signal }) => http.list<T[]>(kind.listUrl, { signal }), staleTime: 0 });

export const useRecords = <T extends Row>(kind: RoutineKind<T>) => useQuery(recordsQuery(kind));

/** One record with its sets and tasks, always current (read from its events). */
export const recordQuery = <T extends Row>(kind: RoutineKind<T>, id: string) =>
  queryOptions({ queryKey: kind.key(id), queryFn: ({ signal }) => http.get<T & { version: number }>(kind.url(id), { signal }) });

/** Not while the server is still making it (an optimistic row). */
export const useRecord = <T extends Row>(kind: RoutineKind<T>, id: string | null) => useQuery({ ...recordQuery(kind, id ?? ''), enabled: Boolean(id) && !id!.startsWith('new-') });

/** POST the New dialog's fields (the spec's client posts an empty body); the row appears in the list at once and is replaced by the server's record. */
export function useCreateRecord<T extends Row>(kind: RoutineKind<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => http.post<WriteAnswer<T>>(kind.listUrl, values),
    onMutate: (values) => {
      const temp = tempId();
      // A refetch in flight is cancelled (reverting at once, synchronously) so it cannot undo the change made next.
      void qc.cancelQueries({ queryKey: kind.listKey });
      qc.setQueryData<T[]>(kind.listKey, (rows) => [kind.blank(temp, values as Partial<T>), ...(rows ?? [])]);
      return { temp };
    },
    onSuccess: (record, _values, made) => {
      const { position: _p, ...row } = record;
      qc.setQueryData<T[]>(kind.listKey, (rows) => replaceTemp(rows, made.temp, row as unknown as T));
      qc.setQueryData(kind.key(record.id), record);
    },
    onError: (_e, _values, made) => made && qc.setQueryData<T[]>(kind.listKey, (rows) => removeRow(rows, made.temp)),
  });
}

export interface SaveRecordInput {
  id: string;
  values: Record<string, unknown>;
  /** The version the user loaded: a later change by someone else is a 409, never overwritten. */
  version?: number;
}

/** PUT the record's own fields, without its sets, created_date and last_updated (spec 1 sections 5 and 7). */
export function useSaveRecord<T extends Row>(kind: RoutineKind<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, version }: SaveRecordInput) => http.put<WriteAnswer<T>>(kind.url(id), forSave(values, kind.fieldNames), { ifMatch: version }),
    onSuccess: (answer) => {
      const { position: _p, ...row } = answer;
      applyRowEvent(qc, { list: kind.list, op: 'upsert', id: answer.id, row });
      qc.setQueryData(kind.key(answer.id), answer);
    },
  });
}

/** DELETE the record (its history is kept). */
export function useDeleteRecord<T extends Row>(kind: RoutineKind<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.del(kind.url(id).replace(/\/$/, '')),
    onSuccess: (_a, id) => {
      applyRowEvent(qc, { list: kind.list, op: 'remove', id });
      qc.removeQueries({ queryKey: kind.key(id) });
    },
  });
}
