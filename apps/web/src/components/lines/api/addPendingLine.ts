import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { isQueued } from '../../../lib/offline/queuedWrite';
import { addBody } from './addLine';
import { addLineWrite } from './lineCommands';
import { placeOf, type LinePlace } from './place';

/** A blank line not yet answered by the server: shown at once, replaced by the server's line. */
export const PENDING_PREFIX = 'pending-';
export const isPending = (line: Line) => line.id.startsWith(PENDING_PREFIX);

type Detail = Record<string, unknown>;

/**
 * Add a line the way spec 1 shows it: a blank row appears at once in the record's cached detail
 * (at `place`: a list under a detail key, or nested; with `values` and the add's own, so a line of a
 * line shows under its parent), the server's line takes its place, and a failure takes it away.
 * `values` are also the POST's body.
 */
export function useAddPendingLine(def: CollectionDef, parentId: string, recordKey: QueryKey, place: string | LinePlace, values: Record<string, unknown> = {}) {
  const qc = useQueryClient();
  const at = placeOf(place);
  return useMutation({
    mutationFn: (extra?: Record<string, unknown>) => addLineWrite(qc, def, parentId, addBody(def, parentId, { ...values, ...extra })),
    onMutate: async (extra) => {
      await qc.cancelQueries({ queryKey: recordKey, exact: true });
      const pending: Line = { ...values, ...extra, id: `${PENDING_PREFIX}${Date.now()}` };
      qc.setQueryData<Detail>(recordKey, (d) => (d ? at.add(d, pending) : d));
      return { pendingId: pending.id };
    },
    onSuccess: (line, _v, ctx) => {
      // The answer's version is the line's own (its edits are saved from it); the position is the write's.
      const { position: _position, ...saved } = line;
      qc.setQueryData<Detail>(recordKey, (d) => (d && ctx ? at.replace(d, ctx.pendingId, saved) : d));
    },
    onError: (_e, _v, ctx) => {
      qc.setQueryData<Detail>(recordKey, (d) => (d && ctx ? at.remove(d, ctx.pendingId) : d));
    },
    onSettled: (line) => (isQueued(line) ? undefined : qc.invalidateQueries({ queryKey: recordKey })),
  });
}
