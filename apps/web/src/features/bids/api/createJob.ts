import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { bidKey } from './types';

export interface CreateJobAnswer {
  id: string;
  job: Record<string, unknown> & { account_job_number?: string | null };
}

/** Make a job from the bid and its items in one step on the server. */
export const createJobFromBid = (bidId: string) =>
  http.post<CreateJobAnswer>(`/api/bids/${encodeURIComponent(bidId)}/create_job/`);

export function useCreateJobFromBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createJobFromBid,
    onSuccess: (_a, bidId) => qc.invalidateQueries({ queryKey: bidKey(bidId) }),
  });
}
