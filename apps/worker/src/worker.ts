/** BullMQ worker and queue over Redis: one queue, jobs dispatched by name from the typed registry. */
import { Queue, QueueEvents, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { jobHandlers, QUEUE, type JobName, type JobOf } from './jobs.ts';

export function connectionFrom(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  return { host: u.hostname, port: Number(u.port || 6379), password: u.password || undefined, db: Number(u.pathname.slice(1) || 0), maxRetriesPerRequest: null };
}

/** `prefix` namespaces the queue's Redis keys (tests give each run its own). */
export interface QueueOptions {
  prefix?: string;
}

type AnyHandler = (data: any, job: Job) => Promise<unknown>;

export function createQueue(redisUrl: string, o: QueueOptions = {}) {
  const connection = connectionFrom(redisUrl);
  const queue = new Queue(QUEUE, { connection, prefix: o.prefix });
  return {
    queue,
    /** Enqueue a typed job; retried with backoff, so a worker killed mid-job does not lose it. */
    enqueue<N extends JobName>(name: N, data: JobOf<N>, jobId?: string) {
      return queue.add(name as string, data, { jobId, attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 5000 });
    },
    /** Events of the queue (completed, failed, progress), for whoever waits on a job. */
    events: () => new QueueEvents(QUEUE, { connection, prefix: o.prefix }),
    close: () => queue.close(),
  };
}

export function startWorker(
  redisUrl: string,
  o: QueueOptions & { log?: (m: string) => void; handlers?: Record<string, AnyHandler>; concurrency?: number } = {},
) {
  const handlers = o.handlers ?? (jobHandlers as Record<string, AnyHandler>);
  const worker = new Worker(
    QUEUE,
    async (job) => {
      const handler = handlers[job.name];
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      return handler(job.data, job);
    },
    { connection: connectionFrom(redisUrl), concurrency: o.concurrency ?? 2, prefix: o.prefix },
  );
  worker.on('failed', (job, err) => o.log?.(`job ${job?.name} ${job?.id} failed: ${err.message}`));
  return worker;
}
