/**
 * A shadow rebuild: a projection's tables rebuilt from the first event into side tables
 * (`<table>__replay`) while the live runner goes on applying new events to the live ones, then swapped
 * in one transaction under the checkpoint row lock. The projector starts one when a projection declares
 * a higher version than its checkpoint's; `npm run replay` forces one at the current version.
 *
 * Resumable: each bulk page commits the side tables' rows with the rebuild's position
 * (projection_rebuilds), so a killed process's successor continues from there with the side tables it
 * left. Phases: 'bulk' (pages of `$all` up to the head), 'indexing' (the other indexes, built once, only
 * those missing on a restart), then a catch-up and the swap. One process rebuilds a projection: an
 * advisory lock per projection, beside its leader lock.
 */
import { relaxCommit } from './relaxed-commit.ts';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '@trenchline/event-store';
import { whereAny } from '@trenchline/platform';
import { versionOf, type Projection } from './projection.ts';
import { PageFeed } from './page-feed.ts';
import { createReplayTable, indexReplayTable, replayName } from './replay-tables.ts';
import { lockKey } from './runner.ts';

/** Advisory locks held for a rebuild (the projector's LeaderLocks, or the replay's own connection). */
export interface RebuildLocks {
  tryLock(key: number): Promise<boolean>;
  unlock(key: number): Promise<void>;
}

export const rebuildLockKey = (name: string) => lockKey(`${name} rebuild`);

/** How long the swap waits for the live tables' locks before it lets the reads queued behind it go and tries again. */
export const SWAP_LOCK_WAIT_MS = 2000;
const SWAP_ATTEMPTS = 30;
const LOCK_NOT_AVAILABLE = '55P03';

export interface RebuildOptions {
  store: EventStore;
  db: Knex;
  locks: RebuildLocks;
  /** Events per page of `$all` and per side-table transaction. */
  batchSize: number;
  /** Rebuild even when the checkpoint already stands at the declared version (`npm run replay`). */
  force?: boolean;
  /** Asked between pages: a stopping projector leaves the rebuild where it is, to be resumed. */
  stopped?: () => boolean;
  /** Side-table transactions at once at most (default 8, within a pool of 10): the projector leaves the rest of its pool to the live runners. */
  connections?: number;
  /** After each committed side-table page (tests and benchmarks watch progress). */
  onPage?: (info: { projection: string; position: string; events: number }) => void;
  log?: (msg: string) => void;
}

export interface RebuildResult {
  projection: string;
  version: number;
  /** Events read from `$all` by this run (a resumed rebuild's earlier runs not counted). */
  events: number;
  /** Events the projection took, over every run of the rebuild: the checkpoint's events_applied. */
  applied: number;
  seconds: number;
}

/** One projection's side of a rebuild, as far as it stands. */
export interface SideState {
  p: Projection;
  position: string | null;
  applied: number;
  read: number;
}

const today = () => new Date().toISOString().slice(0, 10);
const applyTo = (s: SideState, events: RecordedEvent[], trx: Knex.Transaction) =>
  s.p.applyBatch(events, { trx, table: replayName, publish: () => undefined, today: today() });

/** The events of `batch` after `s`'s position that `s` wants, and how many lay after it. */
export function share(store: Pick<EventStore, 'comparePositions'>, s: Pick<SideState, 'p' | 'position'>, batch: RecordedEvent[]) {
  const after = s.position === null ? batch : batch.slice(firstAfter(store, batch, s.position));
  return { after: after.length, wanted: after.filter((e) => s.p.handles(e)) };
}

/**
 * Where the events of a page of `$all` (in position order) pass `position`: batch.length when none do.
 * A binary search: comparing every event of every page for each of two dozen projections was a tenth
 * of a replay's CPU.
 */
function firstAfter(store: Pick<EventStore, 'comparePositions'>, batch: RecordedEvent[], position: string): number {
  let lo = 0;
  let hi = batch.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (store.comparePositions(batch[mid].position, position) > 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const earliest = (store: EventStore, states: SideState[]) =>
  states.some((s) => s.position === null) ? null : states.map((s) => s.position!).reduce((a, b) => (store.comparePositions(a, b) <= 0 ? a : b));

/**
 * The side tables of `states` brought up to the head outside any lock, in one pass over `$all`
 * (shared/page-feed.ts): each projection takes the pages at its own pace, a page per transaction on its
 * own connection, with its rebuild position when `record` (a verify records none). Stops after a short
 * page: the events after it are applied under the swap's lock.
 */
export async function fillSideTables(states: SideState[], o: Pick<RebuildOptions, 'store' | 'db' | 'batchSize' | 'stopped' | 'onPage' | 'connections'> & { record: boolean }): Promise<void> {
  if (!states.length) return;
  const feed = new PageFeed(o.store, earliest(o.store, states), o.batchSize, states.length);
  const slots = new Slots(o.connections ?? Math.min(states.length, 8));
  const unrecorded = new Set<SideState>();
  let failed = false;
  const outcomes = await Promise.allSettled(
    states.map(async (s, reader) => {
      try {
        for (let k = 0; !failed && !o.stopped?.(); k++) {
          const batch = await feed.page(reader, k);
          if (!batch.length) break;
          const { after, wanted } = share(o.store, s, batch);
          if (after) {
            const position = batch[batch.length - 1].position;
            // A page with nothing for this projection costs no transaction: the next one records its position too.
            if (wanted.length) await slots.run(() => o.db.transaction(async (trx) => {
              await relaxCommit(trx);
              await applyTo(s, wanted, trx);
              if (o.record) await record(trx, s.p, position, wanted.length);
            }));
            else unrecorded.add(s);
            if (wanted.length) unrecorded.delete(s);
            s.position = position;
            s.applied += wanted.length;
            s.read += after;
            o.onPage?.({ projection: s.p.name, position, events: after });
          }
          feed.done(reader, k);
          if (batch.length < o.batchSize) break;
        }
      } catch (e) {
        failed = true;
        throw e;
      } finally {
        feed.leave(reader);
      }
    }),
  );
  const failure = outcomes.find((r) => r.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  if (o.record) for (const s of unrecorded) await o.db.transaction((trx) => record(trx, s.p, s.position!, 0));
}

/** The rebuild's position moved, in the transaction that wrote the side tables' rows up to it. */
async function record(trx: Knex.Transaction, p: Projection, position: string, events: number) {
  await trx('projection_rebuilds').where({ name: p.name }).update({ position, events: trx.raw('events + ?', [events]), updated_at: trx.fn.now() });
}

/** At most `n` pieces of work at once, the others waiting their turn in order. */
class Slots {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((r) => this.waiting.push(r));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** Under the checkpoint locks: every event after each side's position, in the caller's transaction. */
export async function applyRest(states: SideState[], store: EventStore, trx: Knex.Transaction, batchSize: number): Promise<void> {
  for (;;) {
    const batch = await store.readAll({ fromPosition: earliest(store, states), limit: batchSize });
    if (!batch.length) return;
    for (const s of states) {
      const { after, wanted } = share(store, s, batch);
      if (wanted.length) await applyTo(s, wanted, trx);
      if (after) s.position = batch[batch.length - 1].position;
      s.applied += wanted.length;
      s.read += after;
    }
  }
}

/** The projections' checkpoint rows locked in one order, so two swaps of overlapping projections cannot deadlock. */
export async function lockCheckpoints(trx: Knex.Transaction, ps: Projection[]): Promise<Map<string, string | null>> {
  const positions = new Map<string, string | null>();
  for (const p of [...ps].sort((a, b) => a.name.localeCompare(b.name))) {
    await trx.raw('insert into projection_checkpoints (name, version) values (?, ?) on conflict do nothing', [p.name, versionOf(p)]);
    const cp = await trx('projection_checkpoints').where({ name: p.name }).forUpdate().first();
    positions.set(p.name, cp?.position ?? null);
  }
  return positions;
}

/** The projections of `ps` due a rebuild: a checkpoint with rows served at a lower version, or a rebuild left unfinished. */
export async function rebuildsDue(db: Knex, ps: Projection[]): Promise<Projection[]> {
  const names = ps.map((p) => p.name);
  const cps: { name: string; position: string | null; version: number }[] = await whereAny(db('projection_checkpoints'), 'name', names, 'text').select('name', 'position', 'version');
  const open = new Set((await whereAny(db('projection_rebuilds'), 'name', names, 'text').select('name')).map((r: { name: string }) => r.name));
  const at = new Map(cps.map((c) => [c.name, c]));
  return ps.filter((p) => {
    const cp = at.get(p.name);
    return open.has(p.name) || (cp !== undefined && cp.position !== null && cp.version < versionOf(p));
  });
}

async function sideTablesExist(db: Knex, tables: string[]): Promise<boolean> {
  const { rows } = await db.raw('select count(to_regclass(t))::int as n from unnest(?::text[]) t', [tables.map(replayName)]);
  return rows[0].n === tables.length;
}

/** Where `p`'s rebuild starts: resumed from its row, begun afresh, or not at all (nothing to rebuild). */
async function begin(p: Projection, o: RebuildOptions): Promise<SideState | null> {
  const { db } = o;
  const version = versionOf(p);
  const row = await db('projection_rebuilds').where({ name: p.name }).first();
  if (row && row.version === version && (await sideTablesExist(db, p.tables))) {
    o.log?.(`rebuild ${p.name} v${version}: resuming in phase ${row.phase} at ${row.position ?? 'the first event'}`);
    return { p, position: row.position, applied: row.events, read: 0 };
  }
  const cp = await db('projection_checkpoints').where({ name: p.name }).first();
  if (!row && !o.force && (!cp || cp.version >= version)) return null;
  if (!row && !o.force && cp?.position === null) {
    // No event applied yet: the live tables are empty either way.
    await db('projection_checkpoints').where({ name: p.name }).update({ version });
    return null;
  }
  for (const t of p.tables) await createReplayTable(db, t);
  await db.raw(
    `insert into projection_rebuilds (name, version, position, phase, events) values (?, ?, null, 'bulk', 0)
     on conflict (name) do update set version = excluded.version, position = null, phase = 'bulk', events = 0, started_at = now(), updated_at = now()`,
    [p.name, version],
  );
  o.log?.(`rebuild ${p.name} v${version}: side tables made, from the first event`);
  return { p, position: null, applied: 0, read: 0 };
}

/**
 * Rebuild `ps` (those due, or all when forced) together in one pass and swap each in. Projections whose
 * rebuild lock another process holds are left to it (`busy`); a stop between pages leaves the rest to
 * a later run (`done` false).
 */
export async function rebuildProjections(ps: Projection[], o: RebuildOptions): Promise<{ rebuilt: RebuildResult[]; busy: string[]; done: boolean }> {
  const started = performance.now();
  const chosen: Projection[] = [];
  const busy: string[] = [];
  for (const p of ps) {
    if (await o.locks.tryLock(rebuildLockKey(p.name))) chosen.push(p);
    else busy.push(p.name);
  }
  try {
    const states: SideState[] = [];
    for (const p of chosen) {
      const s = await begin(p, o);
      if (s) states.push(s);
    }
    if (!states.length) return { rebuilt: [], busy, done: true };
    const names = states.map((s) => s.p.name);
    const tables = states.flatMap((s) => s.p.tables);
    const phases = await whereAny(o.db('projection_rebuilds'), 'name', names, 'text').select('name', 'phase');
    const bulk = states.filter((s) => phases.find((r: { name: string }) => r.name === s.p.name)?.phase === 'bulk');
    await fillSideTables(bulk, { ...o, record: true });
    if (o.stopped?.()) return { rebuilt: [], busy, done: false };
    await whereAny(o.db('projection_rebuilds'), 'name', names, 'text').update({ phase: 'indexing', updated_at: o.db.fn.now() });
    for (const t of tables) await indexReplayTable(o.db, t);
    // What arrived while indexing, still outside the lock: the swap's own share stays small.
    await fillSideTables(states, { ...o, record: true });
    if (o.stopped?.()) return { rebuilt: [], busy, done: false };
    // Old tables an earlier swap renamed and did not live to drop.
    for (const t of tables) await o.db.raw('drop table if exists ?? cascade', [`${t}__old`]);
    for (let attempt = 1; ; attempt++) {
      // A swap tried again starts from where the side tables stand, not from what the undone try applied.
      const before = states.map((st) => ({ position: st.position, applied: st.applied, read: st.read }));
      try {
        await o.db.transaction(async (trx) => {
          await lockCheckpoints(trx, states.map((s) => s.p));
          await applyRest(states, o.store, trx, o.batchSize);
          // Every live table's lock at once, waited for briefly: reads queue behind a waiting rename, so
          // a long wait would hold every list read; past it the swap is tried again after the reads.
          await trx.raw(`set local lock_timeout = '${SWAP_LOCK_WAIT_MS}ms'`);
          await trx.raw(`lock table ${tables.map(() => '??').join(', ')} in access exclusive mode`, tables);
          for (const t of tables) {
            await trx.raw('alter table ?? rename to ??', [t, `${t}__old`]);
            await trx.raw('alter table ?? rename to ??', [replayName(t), t]);
          }
          for (const s of states) {
            const moved: Record<string, unknown> = { version: versionOf(s.p), events_applied: s.applied, updated_at: trx.fn.now() };
            if (s.position !== null) moved.position = s.position;
            await trx('projection_checkpoints').where({ name: s.p.name }).update(moved);
          }
          await whereAny(trx('projection_rebuilds'), 'name', names, 'text').delete();
        });
        break;
      } catch (e) {
        states.forEach((st, i) => Object.assign(st, before[i]));
        if ((e as { code?: string }).code !== LOCK_NOT_AVAILABLE || attempt >= SWAP_ATTEMPTS) throw e;
        o.log?.(`rebuild ${names.join(', ')}: the live tables were busy for ${SWAP_LOCK_WAIT_MS} ms, swapping again (${attempt})`);
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
    // Dropped after the swap's commit: unlinking a large table's files held the renamed tables' lock meanwhile.
    for (const t of tables) await o.db.raw('drop table if exists ?? cascade', [`${t}__old`]);
    const seconds = (performance.now() - started) / 1000;
    for (const s of states) o.log?.(`rebuild ${s.p.name} v${versionOf(s.p)}: swapped in, ${s.read} events read, ${s.applied} applied`);
    return { rebuilt: states.map((s) => ({ projection: s.p.name, version: versionOf(s.p), events: s.read, applied: s.applied, seconds })), busy, done: true };
  } finally {
    for (const p of chosen) await o.locks.unlock(rebuildLockKey(p.name));
  }
}
