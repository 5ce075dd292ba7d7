/**
 * What the field sync keeps of a job (lib/offline/fieldSync.ts): its look-up by the page's address and
 * the job with its lines (tasks, CIBE items, crews ... as the user's role may read them).
 */
import type { QueryClient } from '@tanstack/react-query';
import { keepQuery, type FieldJob, type FieldJobRef } from '../../lib/offline/fieldSync';
import { jobQuery } from './api/getJob';
import { jobLookupQuery } from './api/lookupJob';
import { jobLines } from './sections';

export async function keepJob(qc: QueryClient, ref: FieldJobRef): Promise<FieldJob> {
  // The page's address holds the number, else the id (api/createJob.ts jobPath); a failed look-up still keeps the job by its id.
  await keepQuery(qc, jobLookupQuery(ref.account_job_number || ref.id)).catch(() => undefined);
  const job = await keepQuery(qc, jobQuery(ref.id));
  const tasks = jobLines(job, 'tasks').map((t) => ({ ref: t.id, taskId: t.task_id ? String(t.task_id) : null }));
  return { id: job.id, account_job_number: job.account_job_number ?? null, version: job.version, tasks };
}
