/**
 * Shadow rebuilds against the real Postgres (shared/rebuild.ts): a projection whose declared version is
 * above its checkpoint's is rebuilt beside the live table and swapped in once, the live table serving
 * whole meanwhile; a projector killed midway resumes the rebuild where it stood and still swaps once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { silentPublisher } from '@trenchline/platform';
import { appendBidStreams, closeTestStore, expectedFromFold } from './shared/testing.ts';
import { startProjector } from './projector.ts';
import { replayProjections, verifyProjections } from './replay.ts';
import { projectionNamed } from './registry.ts';

let database: TestDatabase;
let store: EventStore;
let db: Db;
/** The last position the test wrote (the store's head can lag behind it). */
let written = '0:0';
const bidsAt = (version: number) => ({ ...projectionNamed('bids_list'), version });

async function waitFor(cond: () => Promise<boolean>, ms = 120_000) {
  for (const end = Date.now() + ms; !(await cond()); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error('timed out');
}

const checkpoint = () => db('projection_checkpoints').where({ name: 'bids_list' }).first();
const caughtUp = async () => {
  const cp = await checkpoint();
  return Boolean(cp?.position && store.comparePositions(cp.position, written) >= 0);
};

/**
 * Reads the live table while a rebuild runs, as a list page would: the fewest rows it ever saw and each
 * physical table it saw (a swap makes a new one). It reads on its own connection, so a projector busy on
 * the shared pool cannot starve it, and it has seen the table before it returns and again when stopped,
 * so a rebuild faster than its first read (a loaded machine) still shows both tables.
 */
async function watchLiveTable() {
  const own = createDb(database.url, { max: 1 });
  let fewest = Number.MAX_SAFE_INTEGER;
  const tables = new Set<number>();
  const sample = async () => {
    const { rows } = await own.raw(`select 'bids'::regclass::oid::int as oid, (select count(*)::int from bids) as n`);
    fewest = Math.min(fewest, rows[0].n);
    tables.add(rows[0].oid);
  };
  await sample();
  let running = true;
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await sample();
      await own.destroy();
      return { fewest, tables: tables.size };
    },
  };
}

async function bidRows() {
  return {
    bids: await db('bids').orderBy('id').select('*'),
    history: (await db.raw('select * from bids_history order by id, valid_from')).rows,
  };
}

async function leftovers() {
  const side = (await db.raw(`select tablename from pg_tables where tablename like 'bids%\\_\\_replay' or tablename like 'bids%\\_\\_old'`)).rows;
  const open = await db('projection_rebuilds').select('name');
  return { side, open };
}

beforeAll(async () => {
  database = await createTestDatabase('projector_rebuild');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  written = (await appendBidStreams(store, { bids: 600 })).lastPosition;
  // The live read model at version 1, as the projector left it.
  const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher, projections: [bidsAt(1)] });
  try {
    await waitFor(caughtUp);
  } finally {
    await projector.stop();
  }
}, 240_000);

afterAll(() => closeTestStore({ store, db, database }));

describe('shadow rebuild', () => {
  it('given bids_list bumped to version 2 while bids are written, when the projector runs, then it rebuilds beside the live table, swaps once, and reads see the table whole meanwhile', async () => {
    const before = (await checkpoint())!;
    expect(before.version).toBe(1);
    const rowsBefore = (await db('bids').count({ n: '*' }).first())!.n;
    const watch = await watchLiveTable();
    let pages = 0;
    const projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher, projections: [bidsAt(2)], rebuildBatchSize: 100, onRebuildPage: () => pages++ });
    try {
      // Writes go on during the rebuild.
      written = (await appendBidStreams(store, { bids: 100, firstId: 5_000_000 })).lastPosition;
      await projector.rebuilding;
      await waitFor(caughtUp);
    } finally {
      await projector.stop();
    }
    const seen = await watch.stop();

    expect((await checkpoint())!.version).toBe(2);
    expect(pages).toBeGreaterThan(5); // built page by page beside the live table
    expect(seen.fewest).toBeGreaterThanOrEqual(Number(rowsBefore));
    expect(seen.tables).toBe(2); // the old table and the one swapped in
    expect(await leftovers()).toEqual({ side: [], open: [] });
    // The swapped table and the events written meanwhile: what the fold of every stream says.
    const streams = (await db.raw(`select distinct stream_id from events`)).rows.map((r: { stream_id: string }) => r.stream_id);
    const expected = await expectedFromFold(store, streams);
    const live = (await db('bids').where({ deleted: false }).select('id', 'state')).map((r) => [String(r.id), r.state]);
    expect(Object.fromEntries(live)).toEqual(JSON.parse(JSON.stringify(expected.bids)));
  }, 240_000);

  it('given a projector killed (SIGKILL) midway through a rebuild to version 3, when it restarts, then it resumes from the committed position and swaps exactly once, equal to a clean replay', async () => {
    const child = fileURLToPath(new URL('./shared/projector-child.ts', import.meta.url));
    const env = { ...process.env, DATABASE_URL: database.url, PROJECTION: 'bids_list', VERSION: '3', REBUILD_BATCH: '20' };
    const start = () => {
      const c = spawn(process.execPath, ['--import', 'tsx', child], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      c.stdout.on('data', (d) => (out += d));
      return { c, out: () => out, exited: new Promise((r) => c.once('exit', r)) };
    };
    const rowsBefore = (await db('bids').count({ n: '*' }).first())!.n;
    const watch = await watchLiveTable();
    const first = start();
    await waitFor(async () => Boolean((await db('projection_rebuilds').where({ name: 'bids_list' }).first())?.position));
    first.c.kill('SIGKILL');
    await first.exited;
    const left = (await db('projection_rebuilds').where({ name: 'bids_list' }).first())!;
    expect(left).toMatchObject({ version: 3, phase: 'bulk' });
    expect((await checkpoint())!.version).toBe(2);

    const second = start();
    try {
      await waitFor(async () => (await checkpoint())!.version === 3);
      await waitFor(caughtUp);
    } finally {
      second.c.kill('SIGTERM');
      await second.exited;
    }
    const seen = await watch.stop();
    // Resumed with the side tables the first left, at or after where it was killed.
    expect(second.out()).toMatch(/rebuild bids_list v3: resuming in phase (bulk|indexing) at \d+:\d+/);
    expect(second.out()).not.toContain('side tables made');
    expect((await checkpoint())!.version).toBe(3);
    expect(seen.fewest).toBeGreaterThanOrEqual(Number(rowsBefore));
    expect(seen.tables).toBe(2); // one swap
    expect(await leftovers()).toEqual({ side: [], open: [] });

    const swapped = await bidRows();
    await replayProjections([bidsAt(3)], store, db, 5000);
    expect(await bidRows()).toEqual(swapped);
  }, 300_000);

  it('given npm run replay failing part-way, then the live table and checkpoint are untouched, verify refuses, and the next replay resumes and swaps', async () => {
    const live = await bidRows();
    const cp = await checkpoint();
    const p = bidsAt(3);
    let pages = 0;
    const failing = { ...p, applyBatch: (...a: Parameters<typeof p.applyBatch>) => (++pages === 4 ? Promise.reject(new Error('disk on fire')) : p.applyBatch(...a)) };
    await expect(replayProjections([failing], store, db, 200)).rejects.toThrow('disk on fire');
    expect(await bidRows()).toEqual(live);
    expect(await checkpoint()).toEqual(cp);
    const left = (await db('projection_rebuilds').where({ name: 'bids_list' }).first())!;
    expect(left.position).not.toBeNull();
    // --verify shares the side tables: it must not drop a rebuild's.
    await expect(verifyProjections([p], store, db)).rejects.toThrow('left unfinished');

    const [resumed] = await replayProjections([p], store, db, 200);
    const events = (await db.raw('select count(*)::int as n from events')).rows[0].n;
    expect(resumed.events).toBeLessThan(events); // read from where the failed one stood
    expect(await bidRows()).toEqual(live);
    expect(await leftovers()).toEqual({ side: [], open: [] });
  }, 240_000);

  it('given a long read holding the live table, when a replay swaps, then reads behind the waiting swap are let through within its lock wait, and the swap happens once the long read ends', async () => {
    const live = await bidRows();
    const holder = await db.transaction();
    await holder.raw('select count(*) from bids');
    const swap = replayProjections([bidsAt(4)], store, db);
    // The swap waiting for the live table's lock: every read of it now queues behind that wait.
    await waitFor(async () => (await db.raw(`select count(*)::int as n from pg_locks where relation = 'bids'::regclass and mode = 'AccessExclusiveLock' and not granted`)).rows[0].n > 0);
    const read = db.raw('select count(*)::int as n from bids');
    let readDone = false;
    void read.then(() => (readDone = true), () => (readDone = true));
    // Answered while the long read still holds the table: the swap gave up its place and will try again.
    await waitFor(async () => readDone, 60_000);
    expect((await read).rows[0].n).toBe(live.bids.length);
    await holder.commit();
    await swap;
    expect((await checkpoint())!.version).toBe(4);
    expect(await bidRows()).toEqual(live);
    expect(await leftovers()).toEqual({ side: [], open: [] });
  }, 240_000);
});
