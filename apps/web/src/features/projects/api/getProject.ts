import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { projectKey, projectStream, projectUrl, type ProjectDetail } from './types';

/** One project with its lines. */
export const fetchProject = (id: string, signal?: AbortSignal) => http.get<ProjectDetail>(projectUrl(id), { signal });

export const projectQuery = (id: string) => queryOptions({ queryKey: projectKey(id), queryFn: ({ signal }) => fetchProject(id, signal) });

export const useProject = (id: string) => useQuery(projectQuery(id));

/** The project's history and its past (as of an instant). */
export const projectRecord = (id: string) => streamRecord(projectUrl(id), projectStream(id));
