/** The sales tracker's calls: saved list dates, one organization (read, new, save, delete), its history, the activities saved together and the weekly hours. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordCalls } from '../../../components/record/api/recordCalls';
import { http } from '../../../lib/http';
import { searchDatesCalls } from '../../../lib/searchDates';
import { pagedSalesKey, salesKey, salesStream, salesUrl, searchDatesKey, weeklyKey, type SalesDetail, type SalesValues, type WeeklyHours } from './types';

/** The caller's saved organization-list choices (GET/PUT /api/sales/search_dates/). */
export const salesSearchDates = searchDatesCalls('/api/sales/search_dates/', searchDatesKey);

/**
 * An organization's generic requests (components/record/api): GET, PUT and DELETE
 * /api/sales/organizations/{id}/, its history and past; POST /api/sales/organizations/new/ (201): a
 * Lead, New, named on its page.
 */
export const {
  useRecord: useOrganization,
  record: salesRecord,
  useCreate: useCreateOrganization,
  useSave: useSaveOrganization,
  useRemove: useDeleteOrganization,
} = recordCalls<SalesDetail, SalesValues>({ url: salesUrl, key: salesKey, stream: salesStream, create: { path: '/api/sales/organizations/new/', listKey: pagedSalesKey } });

/** PUT /api/sales/sales_activities/: several activities at once, each naming its organization (with id and version an edit, without one added). */
export const saveActivities = (activities: Record<string, unknown>[]) => http.put<{ message: string; saved: { organization: string; ids: string[] }[] }>('/api/sales/sales_activities/', { activities });

export function useSaveActivities(organizationId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveActivities, onSuccess: () => qc.invalidateQueries({ queryKey: salesKey(organizationId) }) });
}

/** GET /api/sales/activities/weekly/?week=: the week holding that day. */
export const useWeeklyHours = (week: string) =>
  useQuery({ queryKey: weeklyKey(week), queryFn: ({ signal }) => http.get<WeeklyHours>(`/api/sales/activities/weekly/?week=${encodeURIComponent(week)}`, { signal }) });
