import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { preferencesKey, rulesKey, type NotificationPreferences, type NotificationRulesAnswer } from './types';

const PREFERENCES_PATH = '/api/notification_preferences/';
const RULES_PATH = '/api/settings/notifications/';

export const preferencesQuery = () => queryOptions({ queryKey: preferencesKey, queryFn: ({ signal }) => http.get<NotificationPreferences>(PREFERENCES_PATH, { signal }) });
export const usePreferences = () => useQuery(preferencesQuery());

/** PUT /api/notification_preferences/: the kinds changed; answers every kind. */
export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (given: Partial<NotificationPreferences>) => http.put<NotificationPreferences>(PREFERENCES_PATH, given), onSuccess: (answer) => qc.setQueryData(preferencesKey, answer) });
}

export const rulesQuery = () => queryOptions({ queryKey: rulesKey, queryFn: ({ signal }) => http.get<NotificationRulesAnswer>(RULES_PATH, { signal }), staleTime: 0 });
export const useNotificationRules = () => useQuery(rulesQuery());

export type NotificationRulesValues = Pick<NotificationRulesAnswer, 'locate_working_days' | 'permit_days' | 'ticket_approval_days'>;

/** PUT /api/settings/notifications/: merged by field from the version the admin saw. */
export function useSaveNotificationRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ values, version }: { values: Partial<NotificationRulesValues>; version?: number }) => http.put<NotificationRulesAnswer>(RULES_PATH, values, { ifMatch: version ?? null }),
    onSuccess: (answer) => qc.setQueryData(rulesKey, answer),
  });
}
