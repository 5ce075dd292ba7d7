import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asOfKey, asOfParam, doRoutineStream, url, type AsOf, type DoRoutine } from './types';

/** A do-routine with its do-sets and do-tasks (ticks, who and when) as it stood at `at` (an ISO time); 404 when it did not exist yet. */
export const fetchDoRoutineAsOf = (id: string, at: string, signal?: AbortSignal) => http.get<AsOf<DoRoutine>>(`${url.doRoutine(id)}${asOfParam(at)}`, { signal });

export const doRoutineAsOfQuery = (id: string, at: string) =>
  queryOptions({ queryKey: asOfKey(doRoutineStream(id), at), queryFn: ({ signal }) => fetchDoRoutineAsOf(id, at, signal), staleTime: Infinity });

export const useDoRoutineAsOf = (id: string, at: string) => useQuery(doRoutineAsOfQuery(id, at));
