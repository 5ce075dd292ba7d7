/**
 * `npm run replay -- [projection ...]`: rebuild read models from the first event into fresh tables
 * (`<table>__replay`) while the live ones keep serving, then swap them in under the projections'
 * checkpoint locks, so dashboards stay up during a rebuild and never see a half-built table.
 * `npm run replay -- --verify [projection ...]` rebuilds the same way but, instead of swapping, brings
 * each rebuilt table to its projection's live checkpoint and compares it with the live one row by row
 * (docs/audit.md); it reports every row that differs, drops the side tables and exits 1 when any does.
 * The projections asked for replay together: one pass over `$all` in large pages (the next page read
 * while the current one is applied), each projection taking the pages at its own pace.
 */
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@trenchline/event-store';
import { whereAny } from '@trenchline/platform';
import type { Projection } from './shared/projection.ts';
import { PageFeed } from './shared/page-feed.ts';
import { compareReplayTable, createReplayTable, indexReplayTable, replayName, type RowDifference } from './shared/replay-tables.ts';

export interface ReplayResult {
  projection: string;
  /** Events read from `$all` (every projection of a replay reads the same ones). */
  events: number;
  /** Events this projection applied. */
  applied: number;
  seconds: number;
}

/** Events per page of `$all` and per transaction: large enough that each projection writes a batch in a few statements. */
export const REPLAY_BATCH_SIZE = 5000;

async function applyRange(
  ps: Projection[],
  store: EventStore,
  trxOrDb: Knex | Knex.Transaction,
  from: string | null,
  batchSize: number,
): Promise<{ position: string | null; events: number; applied: Map<string, number> }> {
  const applied = new Map(ps.map((p) => [p.name, 0]));
  const apply = (p: Projection, events: RecordedEvent[], trx: Knex.Transaction) =>
    p.applyBatch(events, { trx, table: replayName, publish: () => undefined, today: new Date().toISOString().slice(0, 10) });
  if ('commit' in trxOrDb) {
    // Under the checkpoint locks: every projection's share of a page in the caller's transaction.
    const trx = trxOrDb as Knex.Transaction;
    let position = from;
    let events = 0;
    for (;;) {
      const batch = await store.readAll({ fromPosition: position, limit: batchSize });
      if (!batch.length) break;
      for (const p of ps) {
        const wanted = batch.filter((e) => p.handles(e));
        if (wanted.length) await apply(p, wanted, trx);
        applied.set(p.name, applied.get(p.name)! + wanted.length);
      }
      position = batch[batch.length - 1].position;
      events += batch.length;
    }
    return { position, events, applied };
  }
  // The bulk: side tables are the projections' own and nothing reads them before the swap, so each
  // projection goes through the pages at its own pace, a page per transaction on its own connection:
  // Postgres writes one's rows while Node folds another's.
  const db = trxOrDb as Knex;
  const feed = new PageFeed(store, from, batchSize, ps.length);
  let position = from;
  let events = 0;
  let failed = false;
  const outcomes = await Promise.allSettled(
    ps.map(async (p, reader) => {
      try {
        for (let k = 0; !failed; k++) {
          const batch = await feed.page(reader, k);
          if (!batch.length) break;
          const wanted = batch.filter((e) => p.handles(e));
          if (wanted.length) await db.transaction((trx) => apply(p, wanted, trx));
          applied.set(p.name, applied.get(p.name)! + wanted.length);
          if (reader === 0) {
            position = batch[batch.length - 1].position;
            events += batch.length;
          }
          feed.done(reader, k);
        }
      } catch (e) {
        failed = true;
        throw e;
      } finally {
        feed.leave(reader);
      }
    }),
  );
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  return { position, events, applied };
}

/** The side tables of `ps` filled from the first event, outside any lock: the live tables keep serving and updating. */
async function buildSideTables(ps: Projection[], store: EventStore, db: Knex, batchSize: number) {
  const tables = [...new Set(ps.flatMap((p) => p.tables))];
  for (const t of tables) await createReplayTable(db, t);
  const bulk = await applyRange(ps, store, db, null, batchSize);
  for (const t of tables) await indexReplayTable(db, t);
  return { tables, bulk };
}

/** The projections' checkpoint rows locked in one order, so two replays of overlapping projections cannot deadlock. */
async function lockCheckpoints(trx: Knex.Transaction, ps: Projection[]): Promise<Map<string, string | null>> {
  const positions = new Map<string, string | null>();
  for (const p of [...ps].sort((a, b) => a.name.localeCompare(b.name))) {
    await trx.raw('insert into projection_checkpoints (name) values (?) on conflict do nothing', [p.name]);
    const cp = await trx('projection_checkpoints').where({ name: p.name }).forUpdate().first();
    positions.set(p.name, cp?.position ?? null);
  }
  return positions;
}

/** Replay `ps` together from the first event and swap their tables in. */
export async function replayProjections(ps: Projection[], store: EventStore, db: Knex, batchSize = REPLAY_BATCH_SIZE): Promise<ReplayResult[]> {
  const started = performance.now();
  const { tables, bulk } = await buildSideTables(ps, store, db, batchSize);
  let total = bulk.events;
  const applied = bulk.applied;
  await db.transaction(async (trx) => {
    await lockCheckpoints(trx, ps);
    // Events that arrived during the bulk run, applied under the locks, then the swap.
    const rest = await applyRange(ps, store, trx, bulk.position, batchSize);
    total += rest.events;
    for (const [name, n] of rest.applied) applied.set(name, applied.get(name)! + n);
    for (const t of tables) {
      await trx.raw(`alter table ?? rename to ??`, [t, `${t}__old`]);
      await trx.raw(`alter table ?? rename to ??`, [replayName(t), t]);
      await trx.raw(`drop table ?? cascade`, [`${t}__old`]);
    }
    for (const p of ps)
      await trx('projection_checkpoints')
        .where({ name: p.name })
        .update({ position: rest.position ?? bulk.position, events_applied: applied.get(p.name), updated_at: trx.fn.now() });
  });
  const seconds = (performance.now() - started) / 1000;
  return ps.map((p) => ({ projection: p.name, events: total, applied: applied.get(p.name)!, seconds }));
}

export interface ReplayCheck {
  /** Rows that differ, at most `limit` per table. */
  differences: RowDifference[];
  /** How many rows differ in each table (every table of the projections, 0 when none). */
  counts: Record<string, number>;
  events: number;
  seconds: number;
}

export interface VerifyReplayOptions {
  batchSize?: number;
  /** Rows reported per table at most (all are counted). */
  limit?: number;
  /** How long to wait for the live projections to reach the rebuild's position (the projector runs beside). */
  waitMs?: number;
}

/**
 * Rebuild `ps` beside the live tables, then compare: once every live checkpoint has reached where the
 * rebuild stands, under the checkpoint locks each projection's side tables take the events up to its
 * own live checkpoint, so both sides have applied the same events, and every table is compared row by
 * row. The side tables are dropped; the live ones are never written.
 */
export async function verifyProjections(ps: Projection[], store: EventStore, db: Knex, o: VerifyReplayOptions = {}): Promise<ReplayCheck> {
  const started = performance.now();
  const batchSize = o.batchSize ?? REPLAY_BATCH_SIZE;
  const { tables, bulk } = await buildSideTables(ps, store, db, batchSize);
  try {
    await waitForCheckpoints(ps, store, db, bulk.position, o.waitMs ?? 60_000);
    let events = bulk.events;
    const counts: Record<string, number> = {};
    const differences: RowDifference[] = [];
    await db.transaction(async (trx) => {
      const live = await lockCheckpoints(trx, ps);
      events += await applyUpTo(ps, store, trx, bulk.position, live, batchSize);
      for (const t of tables) {
        const r = await compareReplayTable(trx, t, o.limit);
        counts[t] = r.count;
        differences.push(...r.differences);
      }
    });
    return { differences, counts, events, seconds: (performance.now() - started) / 1000 };
  } finally {
    for (const t of tables) await db.raw('drop table if exists ?? cascade', [replayName(t)]);
  }
}

/** Waits until no live checkpoint stands before `position`: a side table ahead of its live table would differ on recent rows. */
async function waitForCheckpoints(ps: Projection[], store: EventStore, db: Knex, position: string | null, waitMs: number) {
  if (position === null) return;
  const deadline = performance.now() + waitMs;
  for (;;) {
    const rows: { name: string; position: string | null }[] = await whereAny(db('projection_checkpoints'), 'name', ps.map((p) => p.name), 'text').select('name', 'position');
    const at = new Map(rows.map((r) => [r.name, r.position]));
    const behind = ps.filter((p) => { const cp = at.get(p.name); return !cp || store.comparePositions(cp, position) < 0; });
    if (!behind.length) return;
    if (performance.now() > deadline) throw new Error(`replay --verify: ${behind.map((p) => p.name).join(', ')} still behind ${position} after ${waitMs} ms: is the projector running?`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Under the locks: each projection's share of the events after `from` up to its own live checkpoint. */
async function applyUpTo(ps: Projection[], store: EventStore, trx: Knex.Transaction, from: string | null, live: Map<string, string | null>, batchSize: number): Promise<number> {
  const last = [...live.values()].reduce<string | null>((a, b) => (a === null ? b : b === null ? a : store.comparePositions(a, b) >= 0 ? a : b), null);
  let position = from;
  let events = 0;
  while (last !== null && (position === null || store.comparePositions(position, last) < 0)) {
    const batch = await store.readAll({ fromPosition: position, limit: batchSize });
    if (!batch.length) break;
    for (const p of ps) {
      const upTo = live.get(p.name);
      const wanted = batch.filter((e) => upTo !== null && upTo !== undefined && store.comparePositions(e.position, upTo) <= 0 && p.handles(e));
      if (wanted.length) await p.applyBatch(wanted, { trx, table: replayName, publish: () => undefined, today: new Date().toISOString().slice(0, 10) });
    }
    position = batch[batch.length - 1].position;
    events += batch.filter((e) => store.comparePositions(e.position, last) <= 0).length;
  }
  return events;
}

/** Replay one projection on its own (its own pass over `$all`). */
export async function replayProjection(p: Projection, store: EventStore, db: Knex, batchSize = REPLAY_BATCH_SIZE): Promise<ReplayResult> {
  const [result] = await replayProjections([p], store, db, batchSize);
  return result;
}

// CLI
if (import.meta.url === `file://${process.argv[1]}`) {
  const { projections, projectionNamed } = await import('./registry.ts');
  const { createDb, createPool, DATABASE_URL, nameConnections } = await import('@trenchline/read-model');
  const { createEventStore } = await import('@trenchline/event-store');
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const verify = args.includes('--verify');
  const names = args.filter((a) => a !== '--verify');
  let chosen: Projection[];
  try {
    chosen = names.length ? names.map(projectionNamed) : projections();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  // The app's session settings on every connection (a statement or an idle transaction of a minute at
  // most): a page is one statement per projection; the index builds set their own longer limit.
  nameConnections('trenchline-replay');
  const db = createDb(DATABASE_URL);
  const storePool = createPool(DATABASE_URL, 10, 'replay event store pool');
  const store = createEventStore({ url: DATABASE_URL, pool: storePool });
  if (verify) {
    const check = await verifyProjections(chosen, store, db);
    for (const d of check.differences) console.log(`DIFFERS ${d.table} ${JSON.stringify(d.key)}: ${d.columns.join(', ')}\n  live    ${JSON.stringify(d.live)}\n  rebuilt ${JSON.stringify(d.rebuilt)}`);
    const differing = Object.entries(check.counts).filter(([, n]) => n > 0);
    for (const [t, n] of differing) console.log(`${t}: ${n} rows differ`);
    console.log(`${chosen.length} projections rebuilt from ${check.events} events in ${check.seconds.toFixed(1)} s and compared, ${Object.keys(check.counts).length} tables: ${differing.length ? `${differing.length} differ` : 'every row equal'}`);
    process.exitCode = differing.length ? 1 : 0;
  } else {
    const results = await replayProjections(chosen, store, db);
    for (const r of results) console.log(`replayed ${r.projection}: ${r.applied} of ${r.events} events applied`);
    const { events, seconds } = results[0] ?? { events: 0, seconds: 0 };
    console.log(`${results.length} projections together: ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / Math.max(seconds, 0.001))} events/s)`);
    const { rebuildSnapshots } = await import('@trenchline/platform/snapshots.ts');
    await rebuildSnapshots({ pool: storePool, store, log: console.log }); // records' snapshots too (snapshots.ts)
  }
  await store.close();
  await storePool.end();
  await db.destroy();
}
