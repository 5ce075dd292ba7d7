import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { routinesKey, url, type Routine } from './types';

/** Every routine of the account with its sets and tasks; waits for this client's own writes. */
export const fetchRoutines = (signal?: AbortSignal) => http.list<Routine[]>(url.routines, { signal });

/** Live 'row' events of the 'routines' list patch this cache; refetched whenever the screen opens. */
export const routinesQuery = () => queryOptions({ queryKey: routinesKey, queryFn: ({ signal }) => fetchRoutines(signal), staleTime: 0 });

export const useRoutines = () => useQuery(routinesQuery());
