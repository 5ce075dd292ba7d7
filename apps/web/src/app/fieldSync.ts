import { crews } from '@trenchline/domain';
import { keepQuery, type FieldSyncParts } from '../lib/offline/fieldSync';
import { keepJob } from '../features/jobs';
import { keepJobLocates } from '../features/locates';
import { catalogQuery } from '../features/settings';
import { fieldJobs, keepJobTickets } from '../features/tickets';

/** What the field sync keeps (lib/offline/fieldSync.ts), from each area's index.ts: the user's jobs, each job, its tickets and locates, the crews. */
export const fieldSync: FieldSyncParts = {
  jobs: fieldJobs,
  job: keepJob,
  onJob: [keepJobTickets, keepJobLocates],
  account: [(qc) => keepQuery(qc, catalogQuery(crews, false))],
};
