/**
 * The API's side of the worker's queue: enqueue typed jobs and wait a little for one to finish.
 * Waiting listens to the queue's events, so it works whichever worker process runs the job.
 */
import { createQueue, type JobName, type JobOf } from '@trenchline/worker/queue.ts';

export interface JobQueue {
  /** Enqueue once under `jobId` (the same id twice is one job). */
  enqueue<N extends JobName>(name: N, data: JobOf<N>, jobId: string): Promise<void>;
  /** True when the job finished within `ms` (default: the queue's `waitMs`); false when it is still running, failed or unknown. */
  waitFor(jobId: string, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** How long a request waits for its job (a report) before answering where to fetch the result. */
export const JOB_WAIT_MS = Number(process.env.REPORT_WAIT_MS ?? 8000);

export async function redisJobQueue(redisUrl: string, o: { prefix?: string; waitMs?: number } = {}): Promise<JobQueue> {
  const prefix = o.prefix;
  const q = createQueue(redisUrl, { prefix });
  const events = q.events();
  events.on('error', () => undefined);
  await events.waitUntilReady();
  return {
    async enqueue(name, data, jobId) {
      await q.enqueue(name, data, jobId);
    },
    async waitFor(jobId, ms = o.waitMs ?? JOB_WAIT_MS) {
      const job = await q.queue.getJob(jobId);
      if (!job) return false;
      try {
        await job.waitUntilFinished(events, ms);
        return true;
      } catch {
        return false; // timed out or failed: the caller answers with where to fetch the report
      }
    },
    async close() {
      await events.close();
      await q.close();
    },
  };
}
