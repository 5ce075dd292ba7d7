import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { isQueued } from '../../../lib/offline/queuedWrite';
import { saveLineWrite } from './lineCommands';
import { placeOf, type LinePlace } from './place';

export interface SaveLineInput {
  id: string;
  /** Only the fields the user changed. */
  values: Record<string, unknown>;
  /** The line's own version when the user began editing: a field someone else changed since too is a 409. */
  version?: number;
}

/**
 * Save a line: the fields the user changed, with the line's version (If-Match). The server merges
 * them by field with what others saved since, so another field of the line, or another line, is
 * never overwritten; a field both changed is refused (409), a line deleted meanwhile is a 410. With
 * `place`, the server's line (and its new version) goes into the record's cached detail at once.
 */
export function useSaveLine(def: CollectionDef, recordKey: QueryKey, place?: string | LinePlace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, version }: SaveLineInput) => saveLineWrite(qc, def, recordKey, id, values, version),
    onSuccess: (line, { id }) => {
      if (isQueued(line)) return;
      if (place !== undefined) {
        const { position: _p, ...saved } = line;
        qc.setQueryData<Record<string, unknown>>(recordKey, (d) => (d ? placeOf(place).replace(d, id, saved) : d));
      }
      return qc.invalidateQueries({ queryKey: recordKey });
    },
  });
}
