import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { UserAppActivity } from './types';

/** A live list: row events of 'user_app_activities' add to it (no filter; the limit is applied when shown). */
export const userAppActivitiesKey = (limit: number) => ['list', 'user_app_activities', {}, limit] as const;

/** The newest things users did in the apps. */
export const fetchUserAppActivities = (limit: number, signal?: AbortSignal) =>
  http.list<UserAppActivity[]>(`/api/settings/user_app_activities/?limit=${limit}`, { signal });

export const userAppActivitiesQuery = (limit: number) =>
  queryOptions({ queryKey: userAppActivitiesKey(limit), queryFn: ({ signal }) => fetchUserAppActivities(limit, signal), staleTime: 0 });

export const useUserAppActivities = (limit = 20) => useQuery(userAppActivitiesQuery(limit));
