import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { doRoutineKey, url, type DoRoutine } from './types';

/** One do-routine with its do-sets and do-tasks, always current. */
export const fetchDoRoutine = (id: string, signal?: AbortSignal) => http.get<DoRoutine & { version: number }>(url.doRoutine(id), { signal });

export const doRoutineQuery = (id: string) => queryOptions({ queryKey: doRoutineKey(id), queryFn: ({ signal }) => fetchDoRoutine(id, signal) });

export const useDoRoutine = (id: string | null) => useQuery({ ...doRoutineQuery(id ?? ''), enabled: Boolean(id) && !id!.startsWith('new-') });
