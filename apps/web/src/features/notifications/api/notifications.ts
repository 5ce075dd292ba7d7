import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { countKey, latestKey, NOTIFICATIONS_PATH, pagedKey, type NotificationRow } from './types';

/** How many the bell's dropdown shows. */
export const LATEST = 8;

export const unreadCountQuery = () => queryOptions({ queryKey: countKey, queryFn: ({ signal }) => http.get<{ unread: number }>(`${NOTIFICATIONS_PATH}count/`, { signal }), staleTime: 0 });
export const useUnreadCount = () => useQuery(unreadCountQuery());

export const latestQuery = (enabled: boolean) =>
  queryOptions({ queryKey: latestKey, queryFn: ({ signal }) => http.get<{ results: NotificationRow[]; count: number }>(`${NOTIFICATIONS_PATH}?page=1&page_size=${LATEST}`, { signal }), staleTime: 0, enabled });
export const useLatest = (enabled: boolean) => useQuery(latestQuery(enabled));

/** Everything a change of the user's notifications shows anew: the count, the dropdown, the page. */
export function refreshNotifications(qc: QueryClient, unread?: number) {
  if (typeof unread === 'number') qc.setQueryData(countKey, { unread });
  else void qc.invalidateQueries({ queryKey: countKey });
  void qc.invalidateQueries({ queryKey: latestKey });
  void qc.invalidateQueries({ queryKey: pagedKey });
}

/** POST /api/notifications/{id}/read/. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<NotificationRow & { unread: number }>(`${NOTIFICATIONS_PATH}${id}/read/`),
    onSuccess: (answer) => refreshNotifications(qc, answer.unread),
  });
}

/** POST /api/notifications/read_all/. */
export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => http.post<{ marked: number; unread: number }>(`${NOTIFICATIONS_PATH}read_all/`), onSuccess: () => refreshNotifications(qc, 0) });
}
