import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { doRoutineKey, routineKey, url } from './types';

export type RoutineHistoryEntry = Omit<HistoryEntry, 'user_id'> & { user_id?: string };
export type RecordKind = 'routine' | 'do_routine';

/** A routine's or do-routine's events, oldest first; under the record's key, so live events refresh it. */
export const fetchRecordHistory = (kind: RecordKind, id: string, signal?: AbortSignal) =>
  http.get<RoutineHistoryEntry[]>(`${kind === 'routine' ? url.routine(id) : url.doRoutine(id)}history/`, { signal });

export const recordHistoryQuery = (kind: RecordKind, id: string) =>
  queryOptions({ queryKey: [...(kind === 'routine' ? routineKey(id) : doRoutineKey(id)), 'history'], queryFn: ({ signal }) => fetchRecordHistory(kind, id, signal) });

export const useRecordHistory = (kind: RecordKind, id: string, enabled: boolean) => useQuery({ ...recordHistoryQuery(kind, id), enabled });
