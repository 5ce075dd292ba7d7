import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { isQueued } from '../../../lib/offline/queuedWrite';
import { deleteLineWrite } from './lineCommands';
import { placeOf, type LinePlace } from './place';

/** With `place`, the line leaves the record's cached detail as soon as the server has removed it. */
export function useDeleteLine(def: CollectionDef, recordKey: QueryKey, place?: string | LinePlace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteLineWrite(qc, def, recordKey, id),
    onSuccess: (a, id) => {
      if (place !== undefined && !isQueued(a)) qc.setQueryData<Record<string, unknown>>(recordKey, (d) => (d ? placeOf(place).remove(d, id) : d));
    },
    // Also after a failure: a line someone deleted first (410) leaves the screen.
    onSettled: (a) => (isQueued(a) ? undefined : qc.invalidateQueries({ queryKey: recordKey })),
  });
}
