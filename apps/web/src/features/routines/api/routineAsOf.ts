import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asOfKey, asOfParam, routineStream, url, type AsOf, type Routine } from './types';

/** A routine with its sets and tasks as it stood at `at` (an ISO time); 404 when it did not exist yet. */
export const fetchRoutineAsOf = (id: string, at: string, signal?: AbortSignal) => http.get<AsOf<Routine>>(`${url.routine(id)}${asOfParam(at)}`, { signal });

export const routineAsOfQuery = (id: string, at: string) =>
  queryOptions({ queryKey: asOfKey(routineStream(id), at), queryFn: ({ signal }) => fetchRoutineAsOf(id, at, signal), staleTime: Infinity });

export const useRoutineAsOf = (id: string, at: string) => useQuery(routineAsOfQuery(id, at));
