/**
 * `npm run replay -- [projection ...]`: the projector's shadow rebuild (shared/rebuild.ts), forced at
 * each projection's current version: side tables (`<table>__replay`) filled from the first event while
 * the live ones keep serving, then swapped in under the checkpoint locks, so dashboards stay up and never
 * see a half-built table. Resumable: run again after a crash and it goes on from where it stood (so
 * does a projector started meanwhile). The projections asked for replay together in one pass over `$all`.
 * `npm run replay -- --verify [projection ...]` rebuilds the same way but, instead of swapping, brings
 * each rebuilt table to its projection's live checkpoint and compares it with the live one row by row
 * (docs/audit.md); it reports every row that differs, drops the side tables and exits 1 when any does.
 */
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import { whereAny } from '@trenchline/platform';
import type { Projection } from './shared/projection.ts';
import { LeaderLocks } from './shared/leader-locks.ts';
import { fillSideTables, lockCheckpoints, rebuildLockKey, rebuildProjections, type SideState } from './shared/rebuild.ts';
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

/** The advisory locks of a replay on a connection of its own, to the database `db` connects to. */
function locksFor(db: Knex): LeaderLocks {
  const url = (db.client.config.connection as { connectionString?: string }).connectionString;
  if (!url) throw new Error('replay: the knex connection has no connectionString to take its locks on');
  return new LeaderLocks(url);
}

/** Replay `ps` together from the first event and swap their tables in; a rebuild left unfinished is resumed. */
export async function replayProjections(ps: Projection[], store: EventStore, db: Knex, batchSize = REPLAY_BATCH_SIZE): Promise<ReplayResult[]> {
  const locks = locksFor(db);
  try {
    const r = await rebuildProjections(ps, { store, db, locks, batchSize, force: true });
    if (r.busy.length) throw new Error(`replay: ${r.busy.join(', ')} being rebuilt by another process (a projector); it swaps them in itself`);
    return ps.map((p) => {
      const done = r.rebuilt.find((x) => x.projection === p.name)!;
      return { projection: p.name, events: done.events, applied: done.applied, seconds: done.seconds };
    });
  } finally {
    await locks.close();
  }
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
  const tables = [...new Set(ps.flatMap((p) => p.tables))];
  // The side tables are a rebuild's too: never beside one in progress.
  const locks = locksFor(db);
  try {
    for (const p of ps) if (!(await locks.tryLock(rebuildLockKey(p.name)))) throw new Error(`replay --verify: ${p.name} is being rebuilt; verify after it swaps`);
    const open = await whereAny(db('projection_rebuilds'), 'name', ps.map((p) => p.name), 'text').select('name');
    if (open.length) throw new Error(`replay --verify: ${open.map((r: { name: string }) => r.name).join(', ')} has a rebuild left unfinished; let it finish first`);
    try {
      for (const t of tables) await createReplayTable(db, t);
      const states: SideState[] = ps.map((p) => ({ p, position: null, applied: 0, read: 0 }));
      await fillSideTables(states, { store, db, batchSize, record: false });
      for (const t of tables) await indexReplayTable(db, t);
      const position = states[0]?.position ?? null;
      await waitForCheckpoints(ps, store, db, position, o.waitMs ?? 60_000);
      let events = states[0]?.read ?? 0;
      const counts: Record<string, number> = {};
      const differences: RowDifference[] = [];
      await db.transaction(async (trx) => {
        const live = await lockCheckpoints(trx, ps);
        events += await applyUpTo(ps, store, trx, position, live, batchSize);
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
  } finally {
    await locks.close();
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

// CLI: run as `tsx apps/projector/src/replay.ts` (by its own name: inside the projector's bundle import.meta.url is the bundle's)
if (/[/\\]replay\.ts$/.test(process.argv[1] ?? '')) {
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
