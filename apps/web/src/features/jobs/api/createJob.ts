import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NEW_WORK_STATUS } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { ORCA_FORM_TYPE } from '../listLogic';
import { orcaJobPath } from '../orca/taskLines';
import type { JobRow } from './listJobs';

/** The new job as the server answers it (the record with its version). */
export type NewJob = JobRow & { version: number; position?: string | number };

/** New job by form type (form_type with the New dialog's fields): POST /api/jobs/new/; the number is always the job counter's next. */
export const createJob = (values: Record<string, unknown>) => http.post<NewJob>('/api/jobs/new/', { work_status: NEW_WORK_STATUS, ...values });

/** New base job of the all-other-jobs dashboard: POST /api/jobs/ {form_type: 'base', work_status: 'New'} with the New dialog's fields. */
export const createBaseJob = (values: Record<string, unknown> = {}) => http.post<NewJob>('/api/jobs/', { form_type: 'base', work_status: NEW_WORK_STATUS, ...values });

/** The job's page: /job/{account_job_number} (its id when it has no number); an ORCA job's is /job/orca/{account_job_number}. */
export const jobPath = (job: Pick<JobRow, 'id' | 'account_job_number'> & { form_type?: string | null }) =>
  job.form_type === ORCA_FORM_TYPE ? orcaJobPath(job) : `/job/${encodeURIComponent(job.account_job_number || job.id)}`;

function useCreate<V>(call: (v: V) => Promise<NewJob>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The lists show the new row at once; the live event that follows changes nothing.
    onSuccess: (job) => {
      const { position: _position, ...row } = job;
      applyRowEvent(qc, { list: 'jobs', op: 'upsert', id: job.id, row });
    },
  });
}

export const useCreateJob = () => useCreate(createJob);
/** New ORCA job (form_type attorca), under the job counter's next number. */
export const useCreateOrcaJob = () => useCreate((_: void) => createJob({ form_type: ORCA_FORM_TYPE }));
export const useCreateBaseJob = () => useCreate((values: Record<string, unknown>) => createBaseJob(values));
