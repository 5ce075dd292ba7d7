import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { listQuery, rowFilter, type ListPrefs } from '../../../lib/listPrefs';
import { projectsKey, type ProjectRow } from './types';

/** The projects of these preferences (active/archived, range, live & future); waits for this client's own writes. */
export const fetchProjects = (prefs: ListPrefs, signal?: AbortSignal) => http.list<ProjectRow[]>(`/api/projects/?${listQuery(prefs)}`, { signal });

/**
 * Live events only arrive while the list is on screen, so the list is refetched every time it is
 * opened (the cached rows show meanwhile). Neither active nor archived asks for nothing.
 */
export const projectsQuery = (prefs: ListPrefs) =>
  queryOptions({ queryKey: projectsKey(prefs), queryFn: ({ signal }) => fetchProjects(prefs, signal), staleTime: 0 });

export const useProjects = (prefs: ListPrefs | null) =>
  useQuery({ ...projectsQuery(prefs ?? ({} as ListPrefs)), enabled: Boolean(prefs && rowFilter(prefs)) });
