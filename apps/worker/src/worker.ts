/** BullMQ worker and queue over Redis: one queue, jobs dispatched by name from the typed registry. */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { jobHandlers, QUEUE, type JobName, type JobOf } from './jobs.ts';

export function connectionFrom(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  return { host: u.hostname, port: Number(u.port || 6379), password: u.password || undefined, db: Number(u.pathname.slice(1) || 0), maxRetriesPerRequest: null };
}

export function createQueue(redisUrl: string) {
  const queue = new Queue(QUEUE, { connection: connectionFrom(redisUrl) });
  return {
    queue,
    /** Enqueue a typed job; retried with backoff so a worker killed mid-job does not lose it. */
    enqueue<N extends JobName>(name: N, data: JobOf<N>, jobId?: string) {
      return queue.add(name as string, data, { jobId, attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 5000 });
    },
    close: () => queue.close(),
  };
}

export function startWorker(redisUrl: string, log: (m: string) => void = () => undefined) {
  const worker = new Worker(
    QUEUE,
    async (job) => {
      const handler = (jobHandlers as Record<string, (d: unknown, j: unknown) => Promise<unknown>>)[job.name];
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      return handler(job.data, job);
    },
    { connection: connectionFrom(redisUrl), concurrency: 2 },
  );
  worker.on('failed', (job, err) => log(`job ${job?.name} ${job?.id} failed: ${err.message}`));
  return worker;
}
