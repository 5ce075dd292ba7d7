/**
 * A projector process of one projection at a given version, for the test that kills a shadow rebuild
 * midway (rebuild.test.ts): `PROJECTION`, `VERSION`, `REBUILD_BATCH` (events per side-table page) and
 * `DATABASE_URL` from the environment. It logs to stdout (the test reads where a rebuild resumed).
 */
import { createDb, DATABASE_URL } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { silentPublisher } from '@trenchline/platform';
import { startProjector } from '../projector.ts';
import { projectionNamed } from '../registry.ts';

const projection = { ...projectionNamed(process.env.PROJECTION ?? 'bids_list'), version: Number(process.env.VERSION ?? 2) };
const db = createDb(DATABASE_URL);
const store = createEventStore({ url: DATABASE_URL });
const projector = await startProjector({
  store,
  db,
  databaseUrl: DATABASE_URL,
  live: silentPublisher,
  projections: [projection],
  batchSize: 50,
  rebuildBatchSize: Number(process.env.REBUILD_BATCH ?? 20),
  log: (m) => console.log(m),
});
process.once('SIGTERM', async () => {
  await projector.stop();
  await store.close();
  await db.destroy();
  process.exit(0);
});
