/** The RFQ calls (docs/rfqs.md): look-up by number, read, create, save, delete, make its job, saved dates. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { searchDatesCalls } from '../../../lib/searchDates';
import { pagedRfqsKey, rfqKey, rfqStream, rfqUrl, searchDatesKey, type RfqDetail, type RfqValues } from './types';

/** GET /api/rfqs/lookup/{account_rfq_number|id} → the RFQ's id (404 when there is none). */
export const lookupRfq = (key: string, signal?: AbortSignal) => http.get<{ id: string; account_rfq_number: string | null }>(`/api/rfqs/lookup/${encodeURIComponent(key)}`, { signal });
export const useRfqLookup = (key: string) => useQuery({ queryKey: ['rfqs', 'lookup', key], queryFn: ({ signal }) => lookupRfq(key, signal), retry: false, staleTime: Infinity });

export const fetchRfq = (id: string, signal?: AbortSignal) => http.get<RfqDetail>(rfqUrl(id), { signal });
export const rfqQuery = (id: string) => queryOptions({ queryKey: rfqKey(id), queryFn: ({ signal }) => fetchRfq(id, signal), enabled: Boolean(id) });
export const useRfq = (id: string) => useQuery(rfqQuery(id));

/** The RFQ's history and its past (as of an instant). */
export const rfqRecord = (id: string) => streamRecord(rfqUrl(id), rfqStream(id));

/** The caller's saved RFQ-list choices (GET/PUT /api/rfqs/search_dates/). */
export const rfqSearchDates = searchDatesCalls('/api/rfqs/search_dates/', searchDatesKey);

/** POST /api/rfqs/ (201): New, dated today, numbered by the rfq counter. */
export const createRfq = (formType: string) => http.post<RfqDetail>('/api/rfqs/', { form_type: formType });

export function useNewRfq() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createRfq, onSuccess: () => qc.invalidateQueries({ queryKey: [...pagedRfqsKey()] }) });
}

export interface SaveRfqInput {
  id: string;
  values: Partial<RfqValues>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

export const saveRfq = ({ id, values, version }: SaveRfqInput) => http.put<RfqDetail>(rfqUrl(id), values, { ifMatch: version ?? null });

export function useSaveRfq() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveRfq, onSuccess: (_a, input) => qc.invalidateQueries({ queryKey: rfqKey(input.id) }) });
}

export const deleteRfq = (id: string) => http.del<{ id: string; deleted: boolean }>(rfqUrl(id));

export function useDeleteRfq() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteRfq, onSuccess: (_a, id) => qc.removeQueries({ queryKey: rfqKey(id) }) });
}

/** POST /api/rfqs/{id}/make_job/: a Won RFQ's job (400 unless Won, 409 when made already). */
export const makeJob = (id: string) => http.post<{ job_id: string; account_job_number: string | null; rfq_id: string }>(`${rfqUrl(id)}make_job/`, {});

export function useMakeJob() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: makeJob, onSuccess: (_a, id) => qc.invalidateQueries({ queryKey: rfqKey(id) }) });
}
