/**
 * Save and delete of a record whose paged list is patched at once (bids, projects): the save's answer
 * goes into the list's rows, a deleted record leaves them, before the live event (which then changes
 * nothing). The same as `recordCalls`' save and delete otherwise, so such an area declares only its list.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import type { SaveRecordInput } from './recordCalls';

/** A write's answer: the record with its new version and the event's position. */
export type WriteAnswer<T> = T & { version: number; position?: string | number };

interface ListedRecord<D, R> {
  /** The live list whose rows are patched ('bids'). */
  list: string;
  /** The record's address and its query key. */
  url(id: string): string;
  key(id: string): QueryKey;
  /** The answer as a list row (the detail's lines left out). */
  rowOf(answer: WriteAnswer<D>): R;
}

export function listedRecordWrites<D extends { id: string }, V, R extends Record<string, unknown>>({ list, url, key, rowOf }: ListedRecord<D, R>) {
  const save = ({ id, values, version }: SaveRecordInput<V>) => http.put<WriteAnswer<D>>(url(id), values, { ifMatch: version ?? null });
  const remove = (id: string) => http.del<{ id: string; deleted: boolean }>(url(id));
  return {
    save,
    useSave: () => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: save,
        onSuccess: (answer, input) => {
          if (answer?.id) applyRowEvent(qc, { list, op: 'upsert', id: answer.id, row: rowOf(answer) });
          return qc.invalidateQueries({ queryKey: key(input.id) });
        },
      });
    },
    remove,
    useRemove: () => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: remove,
        onSuccess: (_answer, id) => {
          applyRowEvent(qc, { list, op: 'remove', id });
          qc.removeQueries({ queryKey: key(id) });
        },
      });
    },
  };
}
