/**
 * Job read models: the job list (and the all-other-jobs dashboard, which reads the same rows). Every
 * event of a job's stream, its lines' included, rewrites its row, so totals and roll-ups stay live.
 * Its columns and search words are the list's declaration (packages/platform/src/lists/jobs.ts).
 */
import { jobsList, projected } from '@trenchline/platform';
import { recordListProjection } from '../shared/record-list.ts';

export const jobList = recordListProjection({ aggregate: 'job', table: 'jobs', ...projected(jobsList) });

export const jobProjections = [jobList];
