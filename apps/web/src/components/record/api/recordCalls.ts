/**
 * The generic requests of a record area: read (GET {url}), create (POST {create path}), save (PUT
 * {url} with the fields changed and If-Match: the version the user began from, so a field someone
 * else changed since is a 409, never overwritten) and delete (DELETE {url}); its history and past
 * (`record`). An area declares its addresses once; a call that is truly its own keeps its own file.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { streamRecord } from '../recordRef';

export interface SaveRecordInput<V> {
  id: string;
  values: Partial<V>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

interface RecordAddresses {
  /** The record's address (/api/crs/orders/{id}/), its query key and its live stream. */
  url(id: string): string;
  key(id: string): QueryKey;
  stream(id: string): string;
  /** Where a new one is posted (the New dialog's fields, or an empty body: the server fills the rest), and the list's pages read again after. */
  create: { path: string; listKey(): QueryKey };
}

/** The read, create, save and delete of records of type D (their fields V) at these addresses. */
export function recordCalls<D, V>({ url, key, stream, create }: RecordAddresses) {
  const fetch = (id: string, signal?: AbortSignal) => http.get<D>(url(id), { signal });
  const query = (id: string) => queryOptions({ queryKey: key(id), queryFn: ({ signal }) => fetch(id, signal), enabled: Boolean(id) });
  const add = (values: Record<string, unknown> = {}) => http.post<D>(create.path, values);
  const save = ({ id, values, version }: SaveRecordInput<V>) => http.put<D>(url(id), values, { ifMatch: version ?? null });
  const remove = (id: string) => http.del<{ id: string; deleted: boolean }>(url(id));
  return {
    fetch,
    query,
    useRecord: (id: string) => useQuery(query(id)),
    /** The record's history and its past (as of an instant). */
    record: (id: string) => streamRecord(url(id), stream(id)),
    create: add,
    /** A new record from the list; the list's pages are read again. */
    useCreate: () => {
      const qc = useQueryClient();
      return useMutation({ mutationFn: (values: Record<string, unknown>) => add(values), onSuccess: () => qc.invalidateQueries({ queryKey: [...create.listKey()] }) });
    },
    save,
    useSave: () => {
      const qc = useQueryClient();
      return useMutation({ mutationFn: save, onSuccess: (_answer, input) => qc.invalidateQueries({ queryKey: key(input.id) }) });
    },
    remove,
    useRemove: () => {
      const qc = useQueryClient();
      return useMutation({ mutationFn: remove, onSuccess: (_answer, id) => qc.removeQueries({ queryKey: key(id) }) });
    },
  };
}
