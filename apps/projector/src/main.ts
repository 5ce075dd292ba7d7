/** The projector process (`npm start` runs it; docker-compose runs it as its own service). */
import { createDb, createPool, DATABASE_URL, REDIS_URL, liveKeyOf, poolSizes, stopOnSignals, waitForDatabase, nameConnections } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { startProjector } from './projector.ts';
import { redisLivePublisher } from '@trenchline/platform';

const log = (m: string) => console.log(`[projector] ${m}`);
// pg_stat_activity's application_name of every connection (PGAPPNAME, set by the supervisor, wins): health names a transaction holding the store back by it.
nameConnections('trenchline-projector');
const shutdown = stopOnSignals(log);
// Started while Postgres is away (restarted under the supervisor): wait for it rather than crash.
await waitForDatabase(DATABASE_URL, { signal: shutdown.signal, log });
const sizes = poolSizes().projector;
const db = createDb(DATABASE_URL, { max: sizes.db });
const storePool = createPool(DATABASE_URL, sizes.store, 'projector event store pool');
const store = createEventStore({ url: DATABASE_URL, pool: storePool });
const live = redisLivePublisher(REDIS_URL, liveKeyOf(DATABASE_URL), 'projector');
const projector = await startProjector({ store, db, databaseUrl: DATABASE_URL, live, log });
shutdown.running(async () => {
  await projector.stop();
  await live.close();
  await store.close();
  await storePool.end();
  await db.destroy();
});
log(`running ${projector.runners.length} projections`);
