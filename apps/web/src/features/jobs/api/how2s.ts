import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** A how-to tip of the job pages: over a section (its detail key) or the page's top, and whether this user opted out. */
export interface JobHow2Tip {
  id: number;
  page: string;
  section?: string | null;
  title: string;
  body: string;
  opted_out: boolean;
}

export const jobHow2sKey = ['how2s', 'jobs', 'detail'] as const;

/** GET /api/jobs/how2s/detail/: the job detail's tips with this user's opt-outs. */
export const fetchJobHow2s = (signal?: AbortSignal) => http.get<JobHow2Tip[]>('/api/jobs/how2s/detail/', { signal });

export const jobHow2sQuery = () => queryOptions({ queryKey: jobHow2sKey, queryFn: ({ signal }) => fetchJobHow2s(signal), staleTime: 60_000 });

export const useJobHow2s = () => useQuery(jobHow2sQuery());

/** Opt out of one tip (POST /api/settings/how2s/sections/{id}/opt_out/): it goes at once, and comes back if refused. */
export function useOptOutJobHow2() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<unknown>(`/api/settings/how2s/sections/${id}/opt_out/`),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: jobHow2sKey });
      const before = qc.getQueryData<JobHow2Tip[]>(jobHow2sKey);
      qc.setQueryData<JobHow2Tip[]>(jobHow2sKey, (tips) => tips?.map((t) => (t.id === id ? { ...t, opted_out: true } : t)));
      return { before };
    },
    onError: (_e, _id, context) => qc.setQueryData(jobHow2sKey, context?.before),
    onSettled: () => qc.invalidateQueries({ queryKey: jobHow2sKey }),
  });
}
