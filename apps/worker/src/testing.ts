/** A worker context on a fresh test database (its own event store pool and blob folder), for the worker's tests; `close` drops it all. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, localBlobStore } from '@trenchline/read-model';
import { createTestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore } from '@trenchline/event-store';
import type { LiveChange } from '@trenchline/platform';
import type { Knex } from 'knex';
import { workerContext } from './context.ts';

export async function openTestWorker(label: string, o: { publish?: (changes: LiveChange[]) => void } = {}) {
  const files = mkdtempSync(join(tmpdir(), `tl-${label}-`));
  const database = await createTestDatabase(label);
  const db = createDb(database.url, { max: 3 });
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
  const store = createEventStore({ url: database.url, pool });
  const ctx = workerContext({ db, store, pool, blobs: localBlobStore(files), now: () => new Date(), toUser: () => undefined, publish: o.publish ?? (() => undefined), writeConnections: 4 });
  const close = async () => {
    await store.close();
    await pool.end();
    await db.destroy();
    await database.drop();
    rmSync(files, { recursive: true, force: true });
  };
  return { database, db, pool, store, ctx, close };
}

/** No projector runs in the worker's tests: put projections' checkpoints at `position`, as a projector would leave them. */
export async function setCheckpoints(db: Knex, names: string[], position: string | null) {
  await db('projection_checkpoints').insert(names.map((name) => ({ name, position }))).onConflict('name').merge(['position']);
}
