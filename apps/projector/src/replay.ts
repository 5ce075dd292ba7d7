/**
 * `npm run replay -- [projection ...]`: rebuild read models from the first event into fresh tables
 * (`<table>__replay`) while the live ones keep serving, then swap them in under the projections'
 * checkpoint locks, so dashboards stay up during a rebuild and never see a half-built table.
 * The projections asked for replay together: one pass over `$all` in large pages (the next page read
 * while the current one is applied), each projection taking the pages at its own pace.
 */
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@trenchline/event-store';
import type { Projection } from './shared/projection.ts';
import { PageFeed } from './shared/page-feed.ts';
import { createReplayTable, indexReplayTable, replayName } from './shared/replay-tables.ts';

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

/** Replay `ps` together from the first event and swap their tables in. */
export async function replayProjections(ps: Projection[], store: EventStore, db: Knex, batchSize = REPLAY_BATCH_SIZE): Promise<ReplayResult[]> {
  const started = performance.now();
  const tables = ps.flatMap((p) => p.tables);
  for (const t of tables) await createReplayTable(db, t);
  // Bulk of the work, outside any lock: the live tables keep serving and updating.
  const bulk = await applyRange(ps, store, db, null, batchSize);
  for (const t of tables) await indexReplayTable(db, t);
  let total = bulk.events;
  const applied = bulk.applied;
  // Checkpoint rows locked in one order, so two replays of overlapping projections cannot deadlock.
  const locking = [...ps].sort((a, b) => a.name.localeCompare(b.name));
  await db.transaction(async (trx) => {
    for (const p of locking) {
      await trx.raw('insert into projection_checkpoints (name) values (?) on conflict do nothing', [p.name]);
      await trx('projection_checkpoints').where({ name: p.name }).forUpdate().first();
    }
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
  const names = process.argv.slice(2).filter((a) => a !== '--');
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
  const results = await replayProjections(chosen, store, db);
  for (const r of results) console.log(`replayed ${r.projection}: ${r.applied} of ${r.events} events applied`);
  const { events, seconds } = results[0] ?? { events: 0, seconds: 0 };
  console.log(`${results.length} projections together: ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / Math.max(seconds, 0.001))} events/s)`);
  const { rebuildSnapshots } = await import('@trenchline/platform/snapshots.ts');
  await rebuildSnapshots({ pool: storePool, store, log: console.log }); // records' snapshots too (snapshots.ts)
  await store.close();
  await storePool.end();
  await db.destroy();
}
