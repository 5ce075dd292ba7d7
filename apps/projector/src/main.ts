/** The projector process (`npm start` runs it; docker-compose runs it as its own service). */
import { createDb, DATABASE_URL, REDIS_URL, liveKeyOf } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { startProjector } from './projector.ts';
import { redisLivePublisher } from './shared/live.ts';

const db = createDb(DATABASE_URL);
const store = createEventStore({});
const live = redisLivePublisher(REDIS_URL, liveKeyOf(DATABASE_URL), 'projector');
const projector = await startProjector({ store, db, databaseUrl: DATABASE_URL, live, log: (m) => console.log(`[projector] ${m}`) });
console.log(`[projector] running ${projector.runners.length} projections`);

for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, async () => {
    await projector.stop();
    await live.close();
    await store.close();
    await db.destroy();
    process.exit(0);
  });
