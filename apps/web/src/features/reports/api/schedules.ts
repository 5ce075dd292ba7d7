import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const SCHEDULES_LIST = 'report_schedules';
export const SCHEDULES_PATH = '/api/report_schedules/';

export interface Rhythm {
  every: 'day' | 'week' | 'month';
  weekday?: number | null;
  month_day?: number | null;
  at: string;
}

export interface ScheduleValues {
  name: string;
  list: string;
  report: string;
  format: 'xlsx' | 'pdf' | 'csv';
  filter: Record<string, string>;
  rhythm: Rhythm;
  recipients: { users: string[]; emails: string[]; webhooks: string[] };
  active: boolean;
}

export interface ScheduleRun {
  id: string;
  tick: string;
  manual?: boolean;
  report_id?: string | null;
  state: 'building' | 'sent' | 'failed' | 'retrying';
  rows?: number | null;
  size?: number | null;
  delivered_as?: 'attachment' | 'link' | null;
  recipients?: string[];
  /** The addresses mailed so far; a retry mails only the others. */
  sent_to?: string[];
  /** Whom the last attempt could not reach, and the mail server's reason. */
  not_reached?: { to: string; error: string }[];
  attempts?: number;
  error?: string | null;
  sent_at?: string | null;
}

export interface ScheduleRow extends ScheduleValues {
  id: string;
  version?: number;
  owner_name: string | null;
  time_zone: string | null;
  rhythm_words: string | null;
  next_run_at: string | null;
  last_run_state: string | null;
  last_run_at: string | null;
}

export interface ScheduleDetail extends ScheduleRow {
  runs: ScheduleRun[];
}

const scheduleKey = (id: string | null) => ['report_schedule', id] as const;

/** One schedule with its newest runs (refetched while a run is under way). */
export const useSchedule = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: scheduleKey(id),
      queryFn: ({ signal }) => http.get<ScheduleDetail>(`${SCHEDULES_PATH}${encodeURIComponent(id!)}/`, { signal }),
      enabled: Boolean(id),
      staleTime: 0,
      refetchInterval: (q) => (q.state.data?.runs.some((r) => r.state === 'building' || r.state === 'retrying') ? 2000 : false),
    }),
  );

/** Whatever changed, the schedule and the paged list read again. */
function useRefresh() {
  const qc = useQueryClient();
  return (id?: string) => {
    if (id) void qc.invalidateQueries({ queryKey: scheduleKey(id) });
    void qc.invalidateQueries({ queryKey: ['paged', SCHEDULES_LIST] });
  };
}

/** POST (new) or PUT the whole schedule from the version the user opened. */
export function useSaveSchedule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, values, version }: { id: string | null; values: ScheduleValues; version?: number }) =>
      id ? http.put<ScheduleRow>(`${SCHEDULES_PATH}${encodeURIComponent(id)}/`, values, { ifMatch: version ?? null }) : http.post<ScheduleRow>(SCHEDULES_PATH, values),
    onSuccess: (row) => refresh(row.id),
  });
}

export function useDeleteSchedule() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => http.del(`${SCHEDULES_PATH}${encodeURIComponent(id)}/`), onSuccess: () => refresh() });
}

/** Run now: the run is claimed at once and the worker sends it. */
export function useRunSchedule() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => http.post<ScheduleDetail>(`${SCHEDULES_PATH}${encodeURIComponent(id)}/run/`, {}), onSuccess: (d) => refresh(d.id) });
}

/** The caller's kept filter of a list (what its screen applies for them), written out, with its words. */
export interface KeptFilter {
  list: string;
  filter: Record<string, string | boolean>;
  words: string;
}

/** Asked when the user copies it into a schedule ("Use the list as I have it filtered"). */
export const fetchKeptFilter = (list: string) => http.get<KeptFilter>(`${SCHEDULES_PATH}kept_filter/?list=${encodeURIComponent(list)}`);

/** A filter in words as the list declares it (null while it is being read, or when the list does not take it). */
export function useFilterWords(list: string, filter: Record<string, string>) {
  const q = useQuery(
    queryOptions({
      queryKey: ['schedule_filter_words', list, filter],
      queryFn: ({ signal }) => http.get<{ words: string }>(`${SCHEDULES_PATH}filter_words/?${new URLSearchParams({ ...filter, list })}`, { signal }),
      enabled: Boolean(list),
      staleTime: Infinity,
      retry: false,
    }),
  );
  return q.data?.words ?? null;
}
