/**
 * The field sync: while the device is online, the signed-in user's jobs and what the field screens
 * show of them are fetched into the query cache (and so into the kept copy, persistCache.ts) under the
 * screens' own query keys, so the screens read them offline unchanged. Each area declares its part
 * (FieldSyncParts); the app shell fills them in (apps/web/src/app/fieldSync.ts), as it fills slots.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { KEEP_FOR_MS } from './persistCache';
import { useOnline } from './network';
import { ownerKey, type Owned } from './owner';

/** A job of the user's list, as the jobs feature reads it. */
export interface FieldJobRef {
  id: string;
  account_job_number: string | null;
}

/** A job kept: what the other areas need to keep their part of it. */
export interface FieldJob extends FieldJobRef {
  version: number;
  /** Its ORCA tasks: the id of the job_tasks line (ref) and the task id (1.1). */
  tasks: { ref: string; taskId: string | null }[];
}

export interface FieldSyncParts {
  /** The jobs the signed-in user (their id) is assigned to. */
  jobs: (qc: QueryClient, userId: string) => Promise<FieldJobRef[]>;
  /** One job kept (as its page reads it); null when the user may not read it. */
  job: (qc: QueryClient, ref: FieldJobRef) => Promise<FieldJob | null>;
  /** What each other area keeps of a kept job. */
  onJob: ((qc: QueryClient, job: FieldJob) => Promise<unknown>)[];
  /** What the job screens read of the whole account (the crews to pick). */
  account: ((qc: QueryClient) => Promise<unknown>)[];
}

/** Refreshed this often while online (and at once on coming back online). */
/** `keep` run for the job's own section and for each of its tasks' (tickets, locates: a job page shows both). */
export const onJobAndTasks = (job: FieldJob, keep: (jobId: string, taskRef?: string) => Promise<unknown>) =>
  Promise.all([keep(job.id), ...job.tasks.map((t) => keep(job.id, t.ref))]);

export const SYNC_EVERY_MS = 5 * 60_000;

/**
 * A screen's query fetched and kept as long as the kept copy lives (an unwatched query would leave the
 * cache after react-query's 5 minutes). Fresh answers are not asked again.
 */
export const keepQuery = <T, K extends QueryKey>(qc: QueryClient, options: FetchQueryOptions<T, Error, T, K>) => qc.fetchQuery({ ...options, gcTime: KEEP_FOR_MS });

/** One pass: the user's jobs, the account's part, then every area's part of each job; one job failing skips only that job. */
export async function runFieldSync(qc: QueryClient, parts: FieldSyncParts, userId: string, stopped: () => boolean = () => false): Promise<number> {
  const refs = await parts.jobs(qc, userId);
  await Promise.all(parts.account.map((keep) => keep(qc).catch(() => undefined)));
  let kept = 0;
  for (const ref of refs) {
    if (stopped()) break;
    const job = await parts.job(qc, ref).catch(() => null);
    if (!job) continue;
    await Promise.all(parts.onJob.map((keep) => keep(qc, job).catch(() => undefined)));
    kept += 1;
  }
  return kept;
}

/** Where the last pass stands, for the shell (and the browser test). */
export interface FieldSyncState {
  state: 'idle' | 'syncing' | 'done' | 'failed';
  /** Jobs kept by the last finished pass. */
  jobs: number;
}

let current: FieldSyncState = { state: 'idle', jobs: 0 };
const listeners = new Set<() => void>();
const setSyncState = (next: FieldSyncState) => {
  current = next;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const useFieldSyncState = () => useSyncExternalStore(subscribe, () => current);

/** Runs the field sync for the signed-in user while online: now, every SYNC_EVERY_MS, and again on coming back online. */
export function useFieldSync(parts: FieldSyncParts, user: Owned | null) {
  const qc = useQueryClient();
  const online = useOnline();
  const userId = user ? String(user.id) : null;
  const owner = user ? ownerKey(user) : null;
  useEffect(() => {
    if (!online || !owner || !userId) return;
    let stopped = false;
    let running = false;
    const pass = async () => {
      if (running) return;
      running = true;
      setSyncState({ ...current, state: 'syncing' });
      try {
        const jobs = await runFieldSync(qc, parts, userId, () => stopped);
        if (!stopped) setSyncState({ state: 'done', jobs });
      } catch {
        if (!stopped) setSyncState({ ...current, state: 'failed' });
      } finally {
        running = false;
      }
    };
    void pass();
    const every = setInterval(pass, SYNC_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(every);
    };
  }, [online, owner, userId, qc, parts]);
}
