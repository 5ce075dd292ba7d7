import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectKey, projectStream, projectUrl, type ProjectDetail } from './types';

/** One project with its lines; with `asOf` (an ISO time), the project as it stood then. */
export const fetchProject = (id: string, asOf?: string | null, signal?: AbortSignal) =>
  http.get<ProjectDetail>(`${projectUrl(id)}${asOf ? `?as_of=${encodeURIComponent(asOf)}` : ''}`, { signal });

export const projectQuery = (id: string) => queryOptions({ queryKey: projectKey(id), queryFn: ({ signal }) => fetchProject(id, null, signal) });

/** The past never changes: cached for good, and outside ['record', ...] so live events leave it alone. */
export const projectAsOfQuery = (id: string, asOf: string) =>
  queryOptions({ queryKey: ['as_of', projectStream(id), asOf], queryFn: ({ signal }) => fetchProject(id, asOf, signal), staleTime: Infinity });

export const useProject = (id: string) => useQuery(projectQuery(id));

export const useProjectAsOf = (id: string, asOf: string | null) => useQuery({ ...projectAsOfQuery(id, asOf ?? ''), enabled: Boolean(asOf) });
