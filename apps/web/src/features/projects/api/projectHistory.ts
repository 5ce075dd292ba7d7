import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { projectKey, projectUrl } from './types';

export type ProjectHistoryEntry = Omit<HistoryEntry, 'user_id'> & { user_id?: string };

/** The project's events, oldest first; live record events refresh it (its key starts with the project's). */
export const fetchProjectHistory = (id: string, signal?: AbortSignal) => http.get<ProjectHistoryEntry[]>(`${projectUrl(id)}/history/`, { signal });

export const projectHistoryQuery = (id: string) =>
  queryOptions({ queryKey: [...projectKey(id), 'history'], queryFn: ({ signal }) => fetchProjectHistory(id, signal) });

