import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveRecordInput } from '../../../components/record/api/recordCalls';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { jobLineKeys } from '../sections';
import { jobKey, jobUrl, type JobDetail, type JobValues } from './getJob';

/** The job's changed fields and the version the user loaded (every record's save input). */
export type SaveJobInput = SaveRecordInput<JobValues>;

/** PUT the job's fields; with `version`, If-Match makes a stale save a 409. */
export const saveJob = ({ id, values, version }: SaveJobInput) => http.put<JobDetail>(jobUrl(id), values, { ifMatch: version ?? null });

/** A job answer as a list row (its lines left out). */
export function jobRowOf(job: JobDetail): Record<string, unknown> {
  const row: Record<string, unknown> = { ...job };
  for (const k of jobLineKeys()) delete row[k];
  delete row.position;
  return row;
}

export function useSaveJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    onSuccess: (answer, input) => {
      // The job lists show the saved row at once; the live event that follows changes nothing.
      if (answer?.id) applyRowEvent(qc, { list: 'jobs', op: 'upsert', id: answer.id, row: jobRowOf(answer) });
      return qc.invalidateQueries({ queryKey: jobKey(input.id) });
    },
  });
}
