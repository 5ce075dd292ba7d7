/**
 * The queue's typed jobs, shared by producers (the API) and the worker: each job name maps to the
 * data it carries, so both agree at compile time. Imported by its own path, not from the package's
 * index, so a process without jobs (the projector) does not load BullMQ.
 */
import { Queue, QueueEvents, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { REPORT_ATTEMPTS } from '@trenchline/domain';

export const QUEUE = 'trenchline';

/** Job name -> data carried by the job. */
export interface JobTypes {
  /** Build the file of a requested report (stream report-<reportId>) and record it. */
  'report.generate': { reportId: string; accountId: string };
  /** Run a requested bulk operation (stream bulk_operation-<operationId>) to its end, resuming what is not done. */
  'bulk.run': { operationId: string; accountId: string };
  /** Anchor every open account's history and mail each anchor to the account's admins (docs/audit.md); daily. */
  'history.anchor': Record<string, never>;
  /** Tell each account's users the notification conditions that hold now, clear those that no longer do (docs/notifications.md); every 30 s. */
  'notifications.scan': Record<string, never>;
  /** Mail each user their digest notifications in one mail, once a local day per account at its digest hour; hourly. */
  'notifications.digest': Record<string, never>;
  /** Claim the latest due tick of every due report schedule and queue its delivery (docs/reports.md "Schedules"); every minute. */
  'schedules.tick': Record<string, never>;
  /** Build and send one run of a report schedule (a line of stream report_schedule-<scheduleId>), each attempt recorded on the run. */
  'schedules.deliver': { accountId: string; scheduleId: string; runId: string };
  /** Send the webhook deliveries that are due, signed, and record each answer (docs/webhooks.md); every few seconds. */
  'webhooks.dispatch': Record<string, never>;
}

export type JobName = keyof JobTypes;

/** A job the worker schedules itself: by cron pattern (UTC), or every so many milliseconds. */
export type ScheduledJob = { name: JobName } & ({ pattern: string } | { every: number });

/** Jobs the worker schedules itself: the worker upserts each at start, so many workers keep one schedule. */
export const SCHEDULED_JOBS: ScheduledJob[] = [
  { name: 'history.anchor', pattern: process.env.HISTORY_ANCHOR_CRON ?? '30 2 * * *' },
  { name: 'notifications.scan', every: Number(process.env.NOTIFICATION_SCAN_MS) || 30_000 },
  // Hourly: each account's digest goes at its own local hour (NOTIFICATION_DIGEST_HOUR), once a local day.
  { name: 'notifications.digest', pattern: '0 * * * *' },
  { name: 'schedules.tick', pattern: '* * * * *' },
  { name: 'webhooks.dispatch', every: Number(process.env.WEBHOOKS_DISPATCH_EVERY_MS ?? 5000) },
];

/** BullMQ's repeat options of a scheduled job. */
export const repeatOf = (j: ScheduledJob) => ('pattern' in j ? { pattern: j.pattern, tz: 'UTC' } : { every: j.every });
export type JobOf<N extends JobName> = JobTypes[N];

/** Reconnect tries at most a second apart (BullMQ's own default grows to 20 s), so Redis is picked up within a second of its return. */
export const reconnectDelay = (times: number) => Math.min(times * 100, 1000);

export function connectionFrom(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  return { host: u.hostname, port: Number(u.port || 6379), password: u.password || undefined, db: Number(u.pathname.slice(1) || 0), maxRetriesPerRequest: null, retryStrategy: reconnectDelay };
}

/** `prefix` namespaces the queue's Redis keys (tests give each app its own). */
export interface QueueOptions {
  prefix?: string;
}

export function createQueue(redisUrl: string, o: QueueOptions = {}) {
  const connection = connectionFrom(redisUrl);
  // The producer's own connection, so `reachable` can tell at once whether Redis is there; a command
  // caught by a loss fails after one reconnect try instead of holding its request until Redis returns.
  const redis = new Redis({ ...(connection as object), maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const queue = new Queue(QUEUE, { connection: redis, prefix: o.prefix });
  // Redis went away: ioredis reconnects by itself.
  queue.on('error', () => undefined);
  return {
    queue,
    /** Redis answers this producer now (false while it is away or not yet reached). */
    reachable: () => redis.status === 'ready',
    /** Runs `fn` once Redis has answered this producer (at once if it has). */
    whenReachable(fn: () => void) {
      if (redis.status === 'ready') fn();
      else redis.once('ready', fn);
    },
    /**
     * Enqueue a typed job, retried with backoff so a worker killed mid-job does not lose it. A `jobId`
     * makes enqueueing idempotent: the same id twice is one job.
     */
    enqueue<N extends JobName>(name: N, data: JobOf<N>, jobId?: string) {
      return queue.add(name as string, data, { jobId, attempts: REPORT_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 5000 });
    },
    /** Events of the queue (completed, failed, progress), for whoever waits on a job. */
    events: () => new QueueEvents(QUEUE, { connection, prefix: o.prefix }),
    async close() {
      await queue.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
