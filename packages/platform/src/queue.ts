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
  /** Delete the idempotency keys older than 48 hours (docs/offline.md "Never twice"); hourly. */
  'idempotency.sweep': Record<string, never>;
  /** Delete the resumable upload sessions past their expiry, with their chunks (docs/offline.md "Resumable uploads"); hourly. */
  'uploads.sweep': Record<string, never>;
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
  { name: 'idempotency.sweep', pattern: '17 * * * *' },
  { name: 'uploads.sweep', pattern: '47 * * * *' },
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

/**
 * Heavy jobs: what one account may ask for in bursts (50 reports, a 50,000-row import, a 100,000-job
 * bulk archive). They are queued fairly between accounts (fairShare below); the rest are short and
 * run first come, first served.
 */
export const HEAVY_JOBS: ReadonlySet<JobName> = new Set(['report.generate', 'bulk.run', 'schedules.deliver']);

/** The account a job is for, when it is heavy (its data names one). */
export const heavyAccountOf = (name: string, data: unknown): string | null => {
  const account = (data as { accountId?: unknown } | null)?.accountId;
  return HEAVY_JOBS.has(name as JobName) && typeof account === 'string' ? account : null;
};

/** BullMQ's largest priority (2^21): an account with more heavy jobs than that waits at the back. */
const MAX_PRIORITY = 2_097_152;
/** A count no job ever takes back (a job removed by hand) is forgotten once its account has been quiet this long. */
const FAIR_COUNT_TTL_S = 6 * 3600;

/**
 * Fair turns between accounts without BullMQ Pro's groups: a heavy job is queued with the priority of
 * its place among its account's heavy jobs waiting or at work (1 for the first, 2 for the second ...),
 * and BullMQ runs lower priorities first, equal ones in arrival order. So an account's tenth report
 * waits behind every other account's first: with one slot, account B's one report asked after A's ten
 * runs before A's third (apps/worker/src/fair.test.ts). A bulk job that gives its turn back (bulk/turn.ts)
 * keeps its priority and comes back behind the jobs of that priority queued meanwhile. The worker takes
 * a job's count back when it ends (done or failed for good).
 */
export function fairShare(redis: Redis, prefix = 'bull') {
  const key = (accountId: string) => `${prefix}:${QUEUE}:fair:${accountId}`;
  return {
    /** The priority of one more heavy job of the account. */
    async take(accountId: string): Promise<number> {
      const [[, n]] = (await redis.multi().incr(key(accountId)).expire(key(accountId), FAIR_COUNT_TTL_S).exec()) as [[null, number]];
      return Math.min(Math.max(1, n), MAX_PRIORITY);
    },
    /** A heavy job of the account ended: its place is given back (never below none). */
    async done(accountId: string): Promise<void> {
      await redis.eval(`local n = redis.call('decr', KEYS[1]) if n <= 0 then redis.call('del', KEYS[1]) end return n`, 1, key(accountId));
    },
    /** The account's heavy jobs waiting or at work, as counted. */
    async count(accountId: string): Promise<number> {
      return Number((await redis.get(key(accountId))) ?? 0);
    },
  };
}
export type FairShare = ReturnType<typeof fairShare>;

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
  const fair = fairShare(redis, o.prefix);
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
     * makes enqueueing idempotent: the same id twice is one job. A heavy job takes its account's next fair turn.
     */
    async enqueue<N extends JobName>(name: N, data: JobOf<N>, jobId?: string) {
      const account = heavyAccountOf(name, data);
      const priority = account ? await fair.take(account) : undefined;
      return queue.add(name as string, data, { jobId, priority, attempts: REPORT_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 5000 });
    },
    fair,
    /** The producer's own connection (the worker's give-way reads the accounts served through it, give-way.ts). */
    redis,
    /** Events of the queue (completed, failed, progress), for whoever waits on a job. */
    events: () => new QueueEvents(QUEUE, { connection, prefix: o.prefix }),
    async close() {
      await queue.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
