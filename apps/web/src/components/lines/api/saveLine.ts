import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import type { LineAnswer } from './types';
import { lineUrl } from './urls';

/**
 * Save a line. Only the fields the user changed are sent, so a concurrent edit of another field of
 * the same line (or of another line of the record) is never overwritten.
 */
export const saveLine = (def: CollectionDef, lineId: string, values: Record<string, unknown>) =>
  http.put<LineAnswer>(lineUrl(def, lineId), values);

export function useSaveLine(def: CollectionDef, recordKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: Record<string, unknown> }) => saveLine(def, id, values),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey }),
  });
}
