/**
 * `npm run replay -- [projection ...]`: rebuild read models from the first event into fresh tables
 * (`<table>__replay`) while the live ones keep serving, then swap them in under the projections'
 * checkpoint locks, so dashboards stay up during a rebuild and never see a half-built table.
 * The projections asked for replay together: one pass over `$all` in large pages (the next page read
 * while the current one is applied), each page applied by every projection that handles any of it.
 */
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@trenchline/event-store';
import type { Projection } from './shared/projection.ts';
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
  let position = from;
  let events = 0;
  const applied = new Map(ps.map((p) => [p.name, 0]));
  const read = (after: string | null) => {
    const page = store.readAll({ fromPosition: after, limit: batchSize });
    page.catch(() => undefined); // awaited below; a failed apply must not leave it unhandled
    return page;
  };
  let next = read(position);
  for (;;) {
    const batch: RecordedEvent[] = await next;
    if (!batch.length) break;
    position = batch[batch.length - 1].position;
    next = read(position); // read ahead while this page is applied
    const wanted = ps.map((p) => batch.filter((e) => p.handles(e)));
    const today = new Date().toISOString().slice(0, 10);
    const apply = (i: number, trx: Knex.Transaction) => ps[i].applyBatch(wanted[i], { trx, table: replayName, publish: () => undefined, today });
    const busy = ps.map((_, i) => i).filter((i) => wanted[i].length);
    if ('commit' in trxOrDb) {
      for (const i of busy) await apply(i, trxOrDb as Knex.Transaction);
    } else {
      // Side tables are the projections' own and nothing reads them before the swap: each projection's
      // page commits on its own connection, so Postgres writes one's rows while Node folds another's.
      await Promise.all(busy.map((i) => (trxOrDb as Knex).transaction((trx) => apply(i, trx))));
    }
    events += batch.length;
    for (const [i, p] of ps.entries()) applied.set(p.name, applied.get(p.name)! + wanted[i].length);
  }
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
  const { createDb, DATABASE_URL } = await import('@trenchline/read-model');
  const { createEventStore } = await import('@trenchline/event-store');
  const names = process.argv.slice(2).filter((a) => a !== '--');
  let chosen: Projection[];
  try {
    chosen = names.length ? names.map(projectionNamed) : projections;
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const db = createDb(DATABASE_URL);
  const store = createEventStore({});
  const results = await replayProjections(chosen, store, db);
  for (const r of results) console.log(`replayed ${r.projection}: ${r.applied} of ${r.events} events applied`);
  const { events, seconds } = results[0] ?? { events: 0, seconds: 0 };
  console.log(`${results.length} projections together: ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / Math.max(seconds, 0.001))} events/s)`);
  await store.close();
  await db.destroy();
}
