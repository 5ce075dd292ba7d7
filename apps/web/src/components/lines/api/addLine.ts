import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import type { LineAnswer } from './types';
import { linesUrl } from './urls';

/** Add a line; the server fills defaults and stamps (a new note is 'Update', by the current user). */
export const addLine = (def: CollectionDef, parentId: string, values: Record<string, unknown> = {}) =>
  http.post<LineAnswer>(linesUrl(def, parentId), values);

/** `recordKey` is the parent's query key; it is refetched so the new line appears. */
export function useAddLine(def: CollectionDef, parentId: string, recordKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values?: Record<string, unknown>) => addLine(def, parentId, values),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey }),
  });
}
