/** The RFQ calls (docs/rfqs.md): look-up by number, read, create, save, delete, make its job, saved dates. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordCalls } from '../../../components/record/api/recordCalls';
import { http } from '../../../lib/http';
import { searchDatesCalls } from '../../../lib/searchDates';
import { pagedRfqsKey, rfqKey, rfqStream, rfqUrl, searchDatesKey, type RfqDetail, type RfqValues } from './types';

/** GET /api/rfqs/lookup/{account_rfq_number|id} → the RFQ's id (404 when there is none). */
export const lookupRfq = (key: string, signal?: AbortSignal) => http.get<{ id: string; account_rfq_number: string | null }>(`/api/rfqs/lookup/${encodeURIComponent(key)}`, { signal });
export const useRfqLookup = (key: string) => useQuery({ queryKey: ['rfqs', 'lookup', key], queryFn: ({ signal }) => lookupRfq(key, signal), retry: false, staleTime: Infinity });

/** An RFQ's generic requests (components/record/api): GET, PUT and DELETE /api/rfqs/{id}/, its history and past. */
export const {
  useRecord: useRfq,
  record: rfqRecord,
  useSave: useSaveRfq,
  useRemove: useDeleteRfq,
} = recordCalls<RfqDetail, RfqValues>({ url: rfqUrl, key: rfqKey, stream: rfqStream, create: { path: '/api/rfqs/', listKey: pagedRfqsKey } });

/** The caller's saved RFQ-list choices (GET/PUT /api/rfqs/search_dates/). */
export const rfqSearchDates = searchDatesCalls('/api/rfqs/search_dates/', searchDatesKey);

/** POST /api/rfqs/ (201): New, dated today, numbered by the rfq counter. */
export const createRfq = (values: Record<string, unknown>) => http.post<RfqDetail>('/api/rfqs/', values);

export function useNewRfq() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createRfq, onSuccess: () => qc.invalidateQueries({ queryKey: [...pagedRfqsKey()] }) });
}

/** POST /api/rfqs/{id}/make_job/: a Won RFQ's job (400 unless Won, 409 when made already). */
export const makeJob = (id: string) => http.post<{ job_id: string; account_job_number: string | null; rfq_id: string }>(`${rfqUrl(id)}make_job/`, {});

export function useMakeJob() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: makeJob, onSuccess: (_a, id) => qc.invalidateQueries({ queryKey: rfqKey(id) }) });
}
