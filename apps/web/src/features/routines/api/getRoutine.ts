import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { routineKey, url, type Routine } from './types';

/** One routine with its sets and tasks, always current (read from its events). */
export const fetchRoutine = (id: string, signal?: AbortSignal) => http.get<Routine & { version: number }>(url.routine(id), { signal });

export const routineQuery = (id: string) => queryOptions({ queryKey: routineKey(id), queryFn: ({ signal }) => fetchRoutine(id, signal) });

export const useRoutine = (id: string | null) => useQuery({ ...routineQuery(id ?? ''), enabled: Boolean(id) && !id!.startsWith('new-') });
