import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { doRoutinesKey, url, type DoRoutine } from './types';

/** Every do-routine of the account with its do-sets and do-tasks, soonest due first. */
export const fetchDoRoutines = (signal?: AbortSignal) => http.list<DoRoutine[]>(url.doRoutines, { signal });

export const doRoutinesQuery = () => queryOptions({ queryKey: doRoutinesKey, queryFn: ({ signal }) => fetchDoRoutines(signal), staleTime: 0 });

export const useDoRoutines = () => useQuery(doRoutinesQuery());
