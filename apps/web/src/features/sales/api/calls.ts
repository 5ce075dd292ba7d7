/** The sales tracker's calls: saved list dates, one organization (read, new, save, delete), its history, the activities saved together and the weekly hours. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { searchDatesCalls } from '../../../lib/searchDates';
import { pagedSalesKey, salesKey, salesStream, salesUrl, searchDatesKey, weeklyKey, type SalesDetail, type SalesValues, type WeeklyHours } from './types';

/** The caller's saved organization-list choices (GET/PUT /api/sales/search_dates/). */
export const salesSearchDates = searchDatesCalls('/api/sales/search_dates/', searchDatesKey);

export const fetchOrganization = (id: string, signal?: AbortSignal) => http.get<SalesDetail>(salesUrl(id), { signal });
export const useOrganization = (id: string) => useQuery(queryOptions({ queryKey: salesKey(id), queryFn: ({ signal }) => fetchOrganization(id, signal) }));

/** The organization's history and its past (as of an instant). */
export const salesRecord = (id: string) => streamRecord(salesUrl(id), salesStream(id));

/** POST /api/sales/organizations/new/ (201): a Lead, New; named on its page. */
export const createOrganization = () => http.post<SalesDetail>('/api/sales/organizations/new/', {});

export function useCreateOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createOrganization, onSuccess: () => qc.invalidateQueries({ queryKey: [...pagedSalesKey()] }) });
}

export interface SaveOrganizationInput {
  id: string;
  values: Partial<SalesValues>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

export const saveOrganization = ({ id, values, version }: SaveOrganizationInput) => http.put<SalesDetail>(salesUrl(id), values, { ifMatch: version ?? null });

export function useSaveOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveOrganization, onSuccess: (_a, input) => qc.invalidateQueries({ queryKey: salesKey(input.id) }) });
}

export const deleteOrganization = (id: string) => http.del<{ id: string; deleted: boolean }>(salesUrl(id));

export function useDeleteOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteOrganization, onSuccess: (_a, id) => qc.removeQueries({ queryKey: salesKey(id) }) });
}

/** PUT /api/sales/sales_activities/: several activities at once, each naming its organization (with id and version an edit, without one added). */
export const saveActivities = (activities: Record<string, unknown>[]) => http.put<{ message: string; saved: { organization: string; ids: string[] }[] }>('/api/sales/sales_activities/', { activities });

export function useSaveActivities(organizationId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveActivities, onSuccess: () => qc.invalidateQueries({ queryKey: salesKey(organizationId) }) });
}

/** GET /api/sales/activities/weekly/?week=: the week holding that day. */
export const useWeeklyHours = (week: string) =>
  useQuery({ queryKey: weeklyKey(week), queryFn: ({ signal }) => http.get<WeeklyHours>(`/api/sales/activities/weekly/?week=${encodeURIComponent(week)}`, { signal }) });
