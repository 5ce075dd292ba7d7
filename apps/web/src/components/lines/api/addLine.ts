import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { detailKeyOf, type Line } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { isQueued } from '../../../lib/offline/queuedWrite';
import { addLineWrite } from './lineCommands';
import { listPlace } from './place';
import type { LineAnswer } from './types';
import { linesUrl } from './urls';

/**
 * What an add sends: the values, and the parent's id in the body when the collection's path has none
 * (`parentFrom`: POST /api/lpms/sets/ {routine}), unless the values already name it.
 */
export function addBody(def: CollectionDef, parentId: string, values: Record<string, unknown>): Record<string, unknown> {
  const fields = def.parentFrom?.body;
  if (!fields?.length || fields.some((f) => f in values)) return values;
  return { [fields[0]]: parentId, ...values };
}

/** Add a line; the server fills defaults and stamps (a new note is 'Update', by the current user). */
export const addLine = (def: CollectionDef, parentId: string, values: Record<string, unknown> = {}) =>
  http.post<LineAnswer>(linesUrl(def, parentId), addBody(def, parentId, values));

/** A line kept offline shown in the record's detail, when its lines are a list there (a line of a line shows once sent). */
const withLineAdded = (d: Record<string, unknown>, def: CollectionDef, line: Line) => (Array.isArray(d[detailKeyOf(def)]) ? listPlace(detailKeyOf(def)).add(d, line) : d);

/** `recordKey` is the parent's query key; it is refetched so the new line appears. */
export function useAddLine(def: CollectionDef, parentId: string, recordKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values?: Record<string, unknown>) => addLineWrite(qc, def, parentId, addBody(def, parentId, values ?? {})),
    onSuccess: (line) => {
      // Kept offline: the line shows in the record's detail until the sync sends it.
      if (isQueued(line)) qc.setQueryData<Record<string, unknown>>(recordKey, (d) => (d ? withLineAdded(d, def, line) : d));
      else return qc.invalidateQueries({ queryKey: recordKey });
    },
  });
}
