/**
 * `npm run replay -- [projection ...]`: rebuild read models from the first event into fresh tables
 * (`<table>__replay`) while the live ones keep serving, then swap them in under the projection's
 * checkpoint lock, so dashboards stay up during a rebuild and never see a half-built table.
 */
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import type { Projection } from './shared/projection.ts';

export interface ReplayResult {
  projection: string;
  events: number;
  seconds: number;
}

const replayName = (t: string) => `${t}__replay`;

async function applyRange(
  p: Projection,
  store: EventStore,
  trxOrDb: Knex | Knex.Transaction,
  from: string | null,
  batchSize: number,
  oneBatchOnly: boolean,
): Promise<{ position: string | null; events: number; applied: number }> {
  let position = from;
  let events = 0;
  let applied = 0;
  for (;;) {
    const batch = await store.readAll({ fromPosition: position, limit: batchSize });
    if (!batch.length) break;
    const wanted = batch.filter((e) => p.handles(e));
    const run = async (trx: Knex.Transaction) => {
      if (wanted.length)
        await p.applyBatch(wanted, { trx, table: replayName, publish: () => undefined, today: new Date().toISOString().slice(0, 10) });
    };
    if ('commit' in trxOrDb) await run(trxOrDb as Knex.Transaction);
    else await (trxOrDb as Knex).transaction(run);
    position = batch[batch.length - 1].position;
    events += batch.length;
    applied += wanted.length;
    if (oneBatchOnly && batch.length < batchSize) break;
  }
  return { position, events, applied };
}

export async function replayProjection(p: Projection, store: EventStore, db: Knex, batchSize = 2000): Promise<ReplayResult> {
  const started = performance.now();
  for (const t of p.tables) {
    await db.raw(`drop table if exists ?? cascade`, [replayName(t)]);
    await db.raw(`create table ?? (like ?? including all)`, [replayName(t), t]);
    // LIKE copies no table storage parameters (the list tables' toast_tuple_target, migration 011).
    const { rows } = await db.raw(`select array_to_string(reloptions, ', ') as o from pg_class where oid = ?::regclass`, [t]);
    if (rows[0]?.o) await db.raw(`alter table ?? set (${rows[0].o})`, [replayName(t)]);
  }
  // Bulk of the work, outside any lock: the live tables keep serving and updating.
  const bulk = await applyRange(p, store, db, null, batchSize, false);
  let total = bulk.events;
  let applied = bulk.applied;
  await db.transaction(async (trx) => {
    await trx.raw('insert into projection_checkpoints (name) values (?) on conflict do nothing', [p.name]);
    await trx('projection_checkpoints').where({ name: p.name }).forUpdate().first();
    // Events that arrived during the bulk run, applied under the lock, then the swap.
    const rest = await applyRange(p, store, trx, bulk.position, batchSize, false);
    total += rest.events;
    applied += rest.applied;
    for (const t of p.tables) {
      await trx.raw(`alter table ?? rename to ??`, [t, `${t}__old`]);
      await trx.raw(`alter table ?? rename to ??`, [replayName(t), t]);
      await trx.raw(`drop table ?? cascade`, [`${t}__old`]);
    }
    await trx('projection_checkpoints')
      .where({ name: p.name })
      .update({ position: rest.position ?? bulk.position, events_applied: applied, updated_at: trx.fn.now() });
  });
  return { projection: p.name, events: total, seconds: (performance.now() - started) / 1000 };
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
  for (const p of chosen) {
    const r = await replayProjection(p, store, db);
    console.log(`replayed ${r.projection}: ${r.events} events in ${r.seconds.toFixed(1)} s (${Math.round(r.events / Math.max(r.seconds, 0.001))} events/s)`);
  }
  await store.close();
  await db.destroy();
}
