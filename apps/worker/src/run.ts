/** A whole worker (its database, event store, blob store, live publisher and BullMQ worker), for main.ts and tests. */
import { createDb, createPool, liveKeyOf, localBlobStore, poolSizes, queuePrefixOf, startThreadHeartbeat, type BlobStore } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { redisLivePublisher } from '@trenchline/platform';
import { createQueue, repeatOf, SCHEDULED_JOBS } from '@trenchline/platform/queue.ts';
import { servedAccounts } from '@trenchline/platform/give-way.ts';
import { jobHandlers } from './jobs.ts';
import { startWorker } from './worker.ts';
import { workerContext } from './context.ts';

export interface RunWorkerOptions {
  databaseUrl: string;
  redisUrl: string;
  filesDir: string;
  blobs?: BlobStore;
  /** Redis channel prefix of live updates; default liveKeyOf(databaseUrl). */
  liveKey?: string;
  /** Redis key prefix of the queue; default queuePrefixOf(databaseUrl). */
  prefix?: string;
  now?: () => Date;
  /** Connections per pool; default: the worker's share of PG_CONNECTIONS. */
  poolMax?: number;
  lockDuration?: number;
  concurrency?: number;
  log?: (m: string) => void;
}

export async function runWorker(o: RunWorkerOptions) {
  const sizes = poolSizes().worker;
  const db = createDb(o.databaseUrl, { max: o.poolMax ?? sizes.db });
  const pool = createPool(o.databaseUrl, o.poolMax ?? sizes.store, 'worker event store pool');
  const store = createEventStore({ url: o.databaseUrl, pool });
  const live = redisLivePublisher(o.redisUrl, o.liveKey ?? liveKeyOf(o.databaseUrl), 'worker');
  const now = o.now ?? (() => new Date());
  // The worker's own producer: a schedule's minute queues each run's delivery.
  const producer = createQueue(o.redisUrl, { prefix: o.prefix ?? queuePrefixOf(o.databaseUrl) });
  const ctx = workerContext({
    enqueue: (name, data, jobId) => producer.enqueue(name, data, jobId),
    db,
    store,
    pool,
    blobs: o.blobs ?? localBlobStore(o.filesDir),
    now,
    toUser: (userId, event, payload) => live.toUser(userId, event, payload),
    publish: (changes) => live.publish(changes),
    writeConnections: o.poolMax ?? sizes.store,
    othersServed: servedAccounts(producer.redis, o.prefix ?? queuePrefixOf(o.databaseUrl)).othersThan,
  });
  const handlers = jobHandlers(ctx);
  const worker = startWorker(o.redisUrl, { handlers, prefix: o.prefix ?? queuePrefixOf(o.databaseUrl), lockDuration: o.lockDuration, concurrency: o.concurrency, log: o.log, fair: producer.fair });
  // Without Redis there is nothing to do: wait for it (BullMQ reconnects within a second of its return), saying so once.
  const waiting = setTimeout(() => o.log?.(`waiting for Redis at ${new URL(o.redisUrl).host}; jobs start once it answers`), 1000);
  await worker.waitUntilReady().finally(() => clearTimeout(waiting));
  await scheduleJobs(o.redisUrl, o.prefix ?? queuePrefixOf(o.databaseUrl), o.log);
  // Beaten from its own thread: a busy job cannot starve it; a main loop stuck for WORKER_STALL_MS stops it.
  const heartbeat = startThreadHeartbeat(o.databaseUrl, 'worker');
  // Started means seen: health counts the worker from its first beat, which the thread writes a moment later.
  await heartbeat.firstBeat();
  return {
    worker,
    ctx,
    jobs: Object.keys(handlers),
    heartbeat,
    async close() {
      await heartbeat.stop();
      await worker.close();
      await producer.close();
      await live.close();
      await store.close();
      await pool.end();
      await db.destroy();
    },
  };
}

/** The worker's own schedule (SCHEDULED_JOBS): upserted by id, so every worker that starts keeps the one schedule. */
async function scheduleJobs(redisUrl: string, prefix: string, log?: (m: string) => void) {
  const q = createQueue(redisUrl, { prefix });
  try {
    for (const j of SCHEDULED_JOBS) await q.queue.upsertJobScheduler(j.name, repeatOf(j), { name: j.name, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100, removeOnFail: 100 } });
  } catch (e) {
    // A missed schedule costs a day's anchor, not the worker: the next start schedules it again.
    log?.(`could not schedule ${SCHEDULED_JOBS.map((j) => j.name).join(', ')}: ${(e as Error).message}`);
  } finally {
    await q.close();
  }
}
