/**
 * The ORCA calls of the contract (docs/jobs.md "ORCA job and task pages") that are not a plain line
 * write: a task added with only its job (the server picks its task id), CIBE lines inserted, zeroed
 * and changed in bulk, a CIBE email generated and logged as a user app activity.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Line } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { historyPathOf, type RecordRef } from '../../../components/record/recordRef';
import { jobKey, jobRecord } from './getJob';

/** A write's answer with the server's words ('Line 3 inserted', 'A-100 Quantity 4 changed to 0'). */
export type CibeAnswer = Line & { message?: string; version?: number; position?: string | number };

/** A job's lines of one kind: /api/jobs/{id}/{kind}/. */
const kindUrl = (jobId: string, kind: string) => `/api/jobs/${encodeURIComponent(jobId)}/${kind}/`;

/** POST tasks/ {job}: the server gives it the next task id (1.1, then + 0.1). */
export const addTask = (jobId: string) => http.post<Line>(kindUrl(jobId, 'tasks'), { job: jobId });

/** DELETE a task: its lines of every collection go with it. */
export const deleteTask = (taskLineId: string) => http.del(`/api/jobs/tasks/${encodeURIComponent(taskLineId)}`);

/** A CIBE line added; with `line_number` it goes above the line holding it (the others move up one). */
export const addCibeLine = (jobId: string, values: Record<string, unknown>) => http.post<CibeAnswer>(kindUrl(jobId, 'cibeitems'), values);

/** CibeLineZeroed: line_zeroed true and CIBE qty 0. */
export const zeroCibeLine = (lineId: string) => http.post<CibeAnswer>(`/api/jobs/cibeitems/${encodeURIComponent(lineId)}/zero/`, {});

export type CibeBulkAction = 'zero' | 'delete' | 'assign_task';

/** One write for the selection: zero, delete, or give it to a task (`job_task`, null for the job's own). */
export const bulkCibeLines = (jobId: string, body: { action: CibeBulkAction; ids: string[]; job_task?: string | null }) =>
  http.post<{ results: Line[]; message?: string }>(`/api/jobs/${encodeURIComponent(jobId)}/cibeitems/bulk/`, body);

/** A CIBE email generated from the scope's lines that differ from their issued quantity. */
export const generateCibeEmail = (jobId: string, jobTask: string | null) => http.post<CibeAnswer>(kindUrl(jobId, 'cibe_emails'), jobTask ? { job_task: jobTask } : {});

/** What the activity log of Settings records of a generated email (spec 2 section 7). */
export interface CibeEmailActivity {
  generated_cibe_email: true;
  job_id_text: string;
  app_name: 'Trenchline';
  function: 'generate_cibe_email';
  url: string;
  job_number: string;
  amount: unknown;
}

export const logCibeEmail = (activity: CibeEmailActivity) => http.post('/api/settings/user_app_activities/', activity);

/** Every ORCA write refetches the job: the totals, the permit dates and the line numbers are the server's. */
function useJobWrite<V, A>(jobId: string, call: (v: V) => Promise<A>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => qc.invalidateQueries({ queryKey: jobKey(jobId) }) });
}

export const useAddTask = (jobId: string) => useJobWrite(jobId, (_: void) => addTask(jobId));
export const useDeleteTask = (jobId: string) => useJobWrite(jobId, deleteTask);
export const useAddCibeLine = (jobId: string) => useJobWrite(jobId, (values: Record<string, unknown>) => addCibeLine(jobId, values));
export const useZeroCibeLine = (jobId: string) => useJobWrite(jobId, zeroCibeLine);
export const useBulkCibeLines = (jobId: string) => useJobWrite(jobId, (body: Parameters<typeof bulkCibeLines>[1]) => bulkCibeLines(jobId, body));
export const useGenerateCibeEmail = (jobId: string) => useJobWrite(jobId, (jobTask: string | null) => generateCibeEmail(jobId, jobTask));

/**
 * A task's history (GET /api/jobs/tasks/{id}/history/: the job's entries for the task and its lines),
 * cached under the job's record key so the job's live events refresh it. Its past is the job's, as of
 * then, narrowed to the task (the task page's as-of view).
 */
export const taskRecord = (jobId: string, taskLineId: string): RecordRef => {
  const job = jobRecord(jobId);
  return { ...job, historyPath: historyPathOf(`/api/jobs/tasks/${encodeURIComponent(taskLineId)}`), historyKey: [...jobKey(jobId), 'task', taskLineId, 'history'] };
};
