/**
 * What the field sync keeps of locates (lib/offline/fieldSync.ts): on each job the locates section of
 * the job and of each task, every one of those locates as its page reads it (its ticket chain and
 * expiry), and the job's locate warning.
 */
import type { QueryClient } from '@tanstack/react-query';
import { keepQuery, onJobAndTasks, type FieldJob } from '../../lib/offline/fieldSync';
import { assignedLocatesQuery } from './api/assignedLocates';
import { locateQuery } from './api/getLocate';
import { coverageQuery } from './api/locateCoverage';

async function keepLocates(qc: QueryClient, jobId: string, taskRef?: string) {
  const locates = await keepQuery(qc, assignedLocatesQuery(jobId, taskRef));
  await Promise.all(locates.map((l) => keepQuery(qc, locateQuery(l.id))));
}

export const keepJobLocates = (qc: QueryClient, job: FieldJob) =>
  Promise.all([keepQuery(qc, coverageQuery(job.id, job.version)), onJobAndTasks(job, (jobId, taskRef) => keepLocates(qc, jobId, taskRef))]);
