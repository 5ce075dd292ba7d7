/** A whole worker (its database, event store, blob store, live publisher and BullMQ worker), for main.ts and tests. */
import pg from 'pg';
import { createDb, liveKeyOf, localBlobStore, queuePrefixOf, type BlobStore } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { redisLivePublisher } from '@trenchline/projector/shared/live.ts';
import { jobHandlers } from './jobs.ts';
import { startWorker } from './worker.ts';
import type { WorkerContext } from './context.ts';

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
  poolMax?: number;
  lockDuration?: number;
  concurrency?: number;
  log?: (m: string) => void;
}

export async function runWorker(o: RunWorkerOptions) {
  const db = createDb(o.databaseUrl, { max: o.poolMax ?? 4 });
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: o.poolMax ?? 4 });
  const store = createEventStore({ url: o.databaseUrl, pool });
  const live = redisLivePublisher(o.redisUrl, o.liveKey ?? liveKeyOf(o.databaseUrl), 'worker');
  const ctx: WorkerContext = {
    db,
    store,
    blobs: o.blobs ?? localBlobStore(o.filesDir),
    now: o.now ?? (() => new Date()),
    toUser: (userId, event, payload) => live.toUser(userId, event, payload),
  };
  const handlers = jobHandlers(ctx);
  const worker = startWorker(o.redisUrl, { handlers, prefix: o.prefix ?? queuePrefixOf(o.databaseUrl), lockDuration: o.lockDuration, concurrency: o.concurrency, log: o.log });
  await worker.waitUntilReady();
  return {
    worker,
    ctx,
    jobs: Object.keys(handlers),
    async close() {
      await worker.close();
      await live.close();
      await store.close();
      await pool.end();
      await db.destroy();
    },
  };
}
