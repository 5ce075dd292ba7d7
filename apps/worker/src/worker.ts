/** The BullMQ worker over Redis: one queue, jobs dispatched by name to their handlers. */
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import { connectionFrom, heavyAccountOf, QUEUE, type FairShare, type QueueOptions } from '@trenchline/platform/queue.ts';

/** A handler of one job name: its data is that job's own (`never` here, so any handler's data type fits). */
type AnyHandler = (data: never, job: Job, token?: string) => Promise<unknown>;

export interface WorkerOptions extends QueueOptions {
  log?: (m: string) => void;
  handlers: Record<string, AnyHandler>;
  concurrency?: number;
  /**
   * How long a job is locked to its worker before another may take it. A worker killed mid-job stops
   * renewing the lock; after this the job is found stalled and retried (tests shorten it).
   */
  lockDuration?: number;
  /** Heavy jobs' fair turns between accounts (queue.ts fairShare): a heavy job's count is given back when it ends. */
  fair?: FairShare;
}

/** A job's last try: it will not run again (its turn given back to delayed does not count). */
const ended = (job: Job, e: unknown) => !(e instanceof DelayedError) && (e instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1));

export function startWorker(redisUrl: string, o: WorkerOptions) {
  const worker = new Worker(
    QUEUE,
    async (job, token) => {
      const handler = o.handlers[job.name];
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      const account = o.fair ? heavyAccountOf(job.name, job.data) : null;
      const giveBack = () => (account ? o.fair!.done(account).catch(() => undefined) : undefined);
      try {
        // The token lets a long job give its turn back (bulk/turn.ts): moved to delayed, taken again after the others.
        const result = await handler(job.data as never, job, token);
        await giveBack();
        return result;
      } catch (e) {
        if (ended(job, e)) await giveBack();
        throw e;
      }
    },
    {
      connection: connectionFrom(redisUrl),
      concurrency: o.concurrency ?? 2,
      prefix: o.prefix,
      lockDuration: o.lockDuration ?? 30_000,
      // A job is taken again at the first check after its lock lapsed (a check marks it, the next one moves it):
      // checking four times per lock, a killed worker's job resumes within 1.25 locks instead of up to 2.
      stalledInterval: Math.max(250, Math.min(30_000, (o.lockDuration ?? 30_000) / 4)),
      // A stalled job (its worker died) is retried, not failed; its attempts still bound the retries.
      maxStalledCount: 3,
    },
  );
  // Lost Redis: BullMQ reconnects and resumes fetching jobs by itself; log at most every 10 s, not per retry.
  let lastLogged = 0;
  worker.on('error', (e) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    o.log?.(`queue error (reconnecting by itself): ${e.message}`);
  });
  worker.on('failed', (job, err) => o.log?.(`job ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`));
  return worker;
}
