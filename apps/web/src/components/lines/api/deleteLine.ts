import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { lineUrl } from './urls';

export const deleteLine = (def: CollectionDef, lineId: string) => http.del(lineUrl(def, lineId));

export function useDeleteLine(def: CollectionDef, recordKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteLine(def, id),
    // Also after a failure: a line someone deleted first (410) leaves the screen.
    onSettled: () => qc.invalidateQueries({ queryKey: recordKey }),
  });
}
