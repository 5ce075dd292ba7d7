/**
 * Where a record's history and its past are read, for any record with `GET <path>?as_of=` and
 * `GET <path>history/` (bids, jobs, projects, routines, settings records): one query of each for
 * every screen.
 */
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { http } from '../../lib/http';
import type { HistoryEntry } from '../history/format';

export interface RecordRef {
  /** The record's GET path as its screen calls it, e.g. '/api/jobs/12/'. */
  path: string;
  /** Its history, GET .../history/. */
  historyPath: string;
  /** Where its history is cached: under the record's own key, so live events refresh it. */
  historyKey: QueryKey;
  /** 0 when its history changes without an event the screen hears (settings' catalog records). */
  historyStaleTime?: number;
  /** Where its past is cached: outside ['record', ...] so live events leave it alone. */
  asOfKey: QueryKey;
}

/** A record's GET path -> its history path: '/api/bids/3' and '/api/jobs/3/' both gain '/history/'. */
export const historyPathOf = (path: string) => `${path.replace(/\/$/, '')}/history/`;

/** A record of an event stream: live under ['record', stream], its past under ['as_of', stream]. */
export const streamRecord = (path: string, stream: string): RecordRef => ({
  path,
  historyPath: historyPathOf(path),
  historyKey: ['record', stream, 'history'],
  asOfKey: ['as_of', stream],
});

/** A record as it stood at an instant (GET <path>?as_of=<ISO time>): it echoes the instant. */
export type AsOf<T> = T & { as_of?: string; version?: number };

export const asOfParam = (at: string) => `?as_of=${encodeURIComponent(at)}`;

/** The past never changes: cached for good. A 404 means the record did not exist yet. */
export const recordAsOfQuery = <T>(record: RecordRef, at: string) =>
  queryOptions({
    queryKey: [...record.asOfKey, at],
    queryFn: ({ signal }) => http.get<AsOf<T>>(`${record.path}${asOfParam(at)}`, { signal }),
    staleTime: Infinity,
  });

export const useRecordAsOf = <T>(record: RecordRef, at: string) => useQuery(recordAsOfQuery<T>(record, at));

/** The record's events, oldest first, as the API answers them. */
export const recordHistoryQuery = (record: RecordRef) =>
  queryOptions({
    queryKey: record.historyKey,
    queryFn: ({ signal }) => http.get<HistoryEntry[]>(record.historyPath, { signal }),
    // Left out when unset: an explicit undefined would override the client's default.
    ...(record.historyStaleTime === undefined ? {} : { staleTime: record.historyStaleTime }),
  });
