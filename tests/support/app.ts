/**
 * A whole Trenchline (api + projector, real Postgres and Redis) in this process, on its own database
 * and its own Redis channels, for API, browser and benchmark runs.
 */
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi, type ApiOptions } from '@trenchline/api';
import { startProjector } from '@trenchline/projector';
import { projectionNames, redisLivePublisher } from '@trenchline/platform';
import { createDb, REDIS_URL, liveKeyOf, queuePrefixOf } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore } from '@trenchline/event-store';
import pg from 'pg';
import { forgetMailbox, registerMailbox } from './mail.ts';

const POOL_MAX = 4;

export const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

export interface TestApp {
  url: string;
  databaseUrl: string;
  api: Awaited<ReturnType<typeof createApi>>;
  stop(): Promise<void>;
  stopProjector(): Promise<void>;
  /** Starts the projector again after stopProjector: the lists catch up from their checkpoints. */
  resumeProjector(): Promise<void>;
  /** Waits (up to a minute) until every projection has passed the store's head: for bulk writes like the seed. */
  caughtUp(): Promise<void>;
  /** The Redis prefix of this app's queue, for a worker started apart (the kill test). */
  queuePrefix: string;
  liveKey: string;
  filesDir: string;
}

/**
 * `defaultKeys`: the api and the worker derive their Redis channels and queue from the database, as in production.
 * `database`: a migrated database of the test's own server instead of a new one on DATABASE_URL's
 * (dropped at stop as the test's drop says); `readDatabaseUrl`: the api's list reads go there (a replica).
 */
export async function startTestApp(
  label: string,
  o: { projector?: boolean; web?: boolean; worker?: boolean; workerConcurrency?: number; reportWaitMs?: number; now?: () => Date; defaultKeys?: boolean; limits?: ApiOptions['limits']; areas?: ApiOptions['areas']; database?: TestDatabase; readDatabaseUrl?: string } = {},
): Promise<TestApp> {
  const database = o.database ?? (await createTestDatabase(label));
  const liveKey = o.defaultKeys ? liveKeyOf(database.url) : `socket.io#${database.name}`;
  const queuePrefix = o.defaultKeys ? queuePrefixOf(database.url) : `bull#${database.name}`;
  const keys = o.defaultKeys ? {} : { liveKey, queuePrefix };
  const filesDir = mkdtempSync(join(tmpdir(), 'tl-files-'));
  // Small pools: test files run two at a time (and some start a second app) on one Postgres server.
  // Mail stays in the outbox (tests/support/mail.ts reads it) and out of the test output.
  const api = await createApi({ databaseUrl: database.url, filesDir, ...keys, webDir: o.web ? webDist : undefined, now: o.now, poolMax: POOL_MAX, reportWaitMs: o.reportWaitMs, mailLog: () => undefined, limits: o.limits, areas: o.areas, readDatabaseUrl: o.readDatabaseUrl ?? null });
  const port = await api.listen(0, '127.0.0.1');
  registerMailbox(`http://127.0.0.1:${port}`, database.url);
  let projector: Awaited<ReturnType<typeof startProjector>> | null = null;
  const db = createDb(database.url, { max: POOL_MAX });
  const storePool = new pg.Pool({ connectionString: database.url, max: POOL_MAX });
  storePool.on('error', () => undefined); // see apiTest: the database is dropped at the end
  const store = createEventStore({ url: database.url, pool: storePool });
  const live = redisLivePublisher(REDIS_URL, liveKey);
  if (o.projector !== false) projector = await startProjector({ store, db, databaseUrl: database.url, live });
  // The worker runs the report jobs of this app's queue only (opt-in: most tests ask for no reports).
  // Imported only when asked for: the worker brings the PDF and spreadsheet renderers, most tests need neither.
  const worker = o.worker ? await (await import('@trenchline/worker')).runWorker({ databaseUrl: database.url, redisUrl: REDIS_URL, filesDir, liveKey: keys.liveKey, prefix: keys.queuePrefix, now: o.now, poolMax: 2, concurrency: o.workerConcurrency }) : null;
  const stopProjector = async () => {
    await projector?.stop();
    projector = null;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl: database.url,
    api,
    stopProjector,
    async resumeProjector() {
      projector ??= await startProjector({ store, db, databaseUrl: database.url, live });
    },
    async caughtUp() {
      // The last committed event, not the last readable one: another database's open transaction on the
      // same server holds $all back, and the projections must pass what was written, not what is visible.
      const head = await api.ctx.store.lastPosition();
      if (!head) return;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const rows = await api.ctx.db('projection_checkpoints').select('name', 'position');
        const at = new Map(rows.map((r) => [r.name, r.position]));
        if (projectionNames().every((name) => { const cp = at.get(name); return cp && api.ctx.store.comparePositions(cp, head) >= 0; })) return;
        if (Date.now() > deadline) throw new Error(`projections still behind ${head} after a minute`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    queuePrefix,
    liveKey,
    filesDir,
    async stop() {
      forgetMailbox(`http://127.0.0.1:${port}`);
      await worker?.close();
      await stopProjector();
      await live.close();
      await store.close();
      await storePool.end();
      await db.destroy();
      await api.close();
      // Not waited for: the fork goes on to its next file while Postgres drops this one (the drop waits for
      // the connections to close, then for a checkpoint: a few hundred milliseconds a file). One left when
      // the fork exits is dropped by the run's teardown (dropLeftDatabases).
      database.drop().catch(() => undefined);
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
