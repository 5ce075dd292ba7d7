/**
 * The worker's typed job registry: each job name maps to its data type and its handler, so a producer
 * (`enqueue('name', data)`) and the handler agree at compile time. Reports (ReportRequested ->
 * ReportGenerated) are the first jobs; they arrive with the reports issues and are declared here.
 */
import type { Job } from 'bullmq';

/** Job name -> data carried by the job. */
export interface JobTypes {
  // e.g. 'projects.management_report': { reportId: string; accountId: string; ids: string[]; format: 'xlsx' | 'pdf' };
}

export type JobName = keyof JobTypes;
export type JobOf<N extends JobName> = JobTypes[N];

export type JobHandler<N extends JobName> = (data: JobOf<N>, job: Job<JobOf<N>>) => Promise<unknown>;

/** Handlers by job name. */
export const jobHandlers: { [N in JobName]: JobHandler<N> } = {};

export const QUEUE = 'trenchline';
