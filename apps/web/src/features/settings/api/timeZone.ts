import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { settingsKey } from './types';

export interface TimeZoneAnswer {
  time_zone: string;
  version?: number;
}

export const timeZoneKey = [...settingsKey, 'time_zone'] as const;

/** GET /api/settings/time_zone/: the account's zone, in which report schedules run. */
export const useTimeZone = () => useQuery(queryOptions({ queryKey: timeZoneKey, queryFn: ({ signal }) => http.get<TimeZoneAnswer>('/api/settings/time_zone/', { signal }), staleTime: 0 }));

/** PUT /api/settings/time_zone/ {time_zone}. */
export function useSaveTimeZone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (time_zone: string) => http.put<TimeZoneAnswer>('/api/settings/time_zone/', { time_zone }),
    onSuccess: () => qc.invalidateQueries({ queryKey: timeZoneKey }),
  });
}
