/**
 * The API's side of the worker's queue: enqueue typed jobs and wait a little for one to finish.
 * Waiting listens to the queue's events, so it works whichever worker process runs the job.
 * Nothing here waits for Redis: an api started while Redis is away serves everything else, and
 * picks the queue up by itself when Redis returns.
 */
import { createQueue, type JobName, type JobOf } from '@trenchline/platform/queue.ts';

export interface JobQueue {
  /** Enqueue once under `jobId` (the same id twice is one job); a QueueUnavailableError while Redis is away. */
  enqueue<N extends JobName>(name: N, data: JobOf<N>, jobId: string): Promise<void>;
  /** True when the job finished within `ms` (default: the queue's `waitMs`); false when it is still running, failed or unknown. */
  waitFor(jobId: string, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The queue's Redis cannot be reached now: nothing was enqueued (errors.ts answers 503 with Retry-After). */
export class QueueUnavailableError extends Error {
  override name = 'QueueUnavailableError';
  constructor() {
    super('The job queue cannot reach Redis');
  }
}

/** How long a request waits for its job (a report) before answering where to fetch the result. */
export const JOB_WAIT_MS = Number(process.env.REPORT_WAIT_MS ?? 8000);

export function redisJobQueue(redisUrl: string, o: { prefix?: string; waitMs?: number } = {}): JobQueue {
  const q = createQueue(redisUrl, { prefix: o.prefix });
  // Each request waiting on its job adds a 'closing' listener to the queue until it ends (BullMQ's
  // waitUntilFinished): a burst of fifty reports is fifty at once, not a leak to warn of.
  q.queue.setMaxListeners(0);
  // Made once Redis has answered: BullMQ cannot close a QueueEvents that never connected (it waits for the connection).
  let events: ReturnType<typeof q.events> | null = null;
  q.whenReachable(() => {
    events = q.events();
    events.on('error', () => undefined);
  });
  return {
    async enqueue(name, data, jobId) {
      if (!q.reachable()) throw new QueueUnavailableError();
      await q.enqueue(name, data, jobId);
    },
    async waitFor(jobId, ms = o.waitMs ?? JOB_WAIT_MS) {
      if (!q.reachable() || !events) return false; // the job is queued; the caller answers with where to fetch the report
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
      await events?.close();
      await q.close();
    },
  };
}
