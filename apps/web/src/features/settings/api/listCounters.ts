import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey, type Counter } from './types';

export const countersKey = [...settingsKey, 'current_number'] as const;

/** Every document counter of the account (invoice, ticket, order, job, work order, RFQ). */
export const fetchCounters = (signal?: AbortSignal) => http.get<Counter[]>('/api/settings/current_number/', { signal });

export const countersQuery = () => queryOptions({ queryKey: countersKey, queryFn: ({ signal }) => fetchCounters(signal), staleTime: 0 });

export const useCounters = () => useQuery(countersQuery());

/** A counter's history: every number handed out or set, by whom. */
export const counterHistoryUrl = (c: Pick<Counter, 'path'>) => `/api/settings/current_number/${c.path}/history/`;
