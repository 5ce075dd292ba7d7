/**
 * Runs one projection: reads `$all` after its checkpoint and commits each batch together with the new
 * checkpoint in one transaction, so a crash at any point leaves the read model equal to the fold of
 * the events up to the checkpoint. Only one runner per projection is active (a Postgres advisory lock,
 * see leader-locks.ts); others wait as standbys and take over when the leader dies.
 */
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import { versionOf, type Projection } from './projection.ts';
import type { AllReader } from './shared-reader.ts';
import type { LiveChange, LivePublisher } from '@trenchline/platform';
import { LeaderLocks } from './leader-locks.ts';
import { RELAX_IN_STATEMENT, relaxCommit } from './relaxed-commit.ts';
import { CheckpointMoves } from './checkpoint-moves.ts';

export interface RunnerOptions {
  projection: Projection;
  store: EventStore;
  /** Where `$all` is read: the process's SharedReader, so runners at one position share one query (default: the store). */
  reader?: AllReader;
  db: Knex;
  databaseUrl: string;
  live: LivePublisher;
  /** Shared by the runners of one process; a runner without it holds its lock on its own connection. */
  locks?: LeaderLocks;
  /** Shared by the runners of one process: their moves over ignored events, one statement a turn (default: its own). */
  moves?: CheckpointMoves;
  batchSize?: number;
  /** Called after each committed batch (tests and benchmarks watch progress). */
  onBatch?: (info: { projection: string; position: string; events: number }) => void;
  log?: (msg: string) => void;
}

/** A stable 32-bit key per projection name for pg_advisory_lock. */
export function lockKey(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A batch's first statement: the projection's checkpoint row, locked (which serialises the batch with a
 * replay's table swap), the transaction's commit relaxed by the same statement (relaxed-commit.ts). The
 * row is made the first time, at the version the projection declares: a new projection has nothing to rebuild.
 */
async function lockCheckpoint(trx: Knex.Transaction, projection: Projection): Promise<{ position: string | null } | undefined> {
  const read = () => trx('projection_checkpoints').where({ name: projection.name }).forUpdate().first('position', trx.raw(`${RELAX_IN_STATEMENT} as relaxed`));
  const cp = await read();
  if (cp) return cp;
  await relaxCommit(trx);
  await trx.raw('insert into projection_checkpoints (name, version) values (?, ?) on conflict do nothing', [projection.name, versionOf(projection)]);
  return read();
}

/** How long a runner trusts where it last saw its checkpoint before it reads it again under its lock. */
export const CHECKPOINT_TRUSTED_MS = 10_000;

export class ProjectionRunner {
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Poked since the last batch began: a poke while a batch runs finds no sleep to end, and is kept here instead of lost. */
  private poked = false;
  private readonly locks: LeaderLocks;
  private readonly ownLocks: boolean;
  private readonly moves: CheckpointMoves;
  private readonly stopWatchingLocks: () => void;
  private loop: Promise<void> | null = null;
  isLeader = false;

  constructor(private o: RunnerOptions) {
    this.ownLocks = !o.locks;
    this.locks = o.locks ?? new LeaderLocks(o.databaseUrl);
    this.moves = o.moves ?? new CheckpointMoves(o.db);
    // Lost the lock connection: stop leading; the loop reacquires.
    this.stopWatchingLocks = this.locks.onLost(() => (this.isLeader = false));
  }

  start(): void {
    this.loop = this.run().catch((e) => {
      this.o.log?.(`projection ${this.o.projection.name} stopped: ${e?.stack ?? e}`);
    });
  }

  get name(): string {
    return this.o.projection.name;
  }

  /** Nudge the runner (new events may be readable). */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
    this.stopWatchingLocks();
    if (this.ownLocks) await this.locks.close();
    else if (this.isLeader) await this.locks.unlock(lockKey(this.o.projection.name));
    this.isLeader = false;
  }

  private async sleep(ms: number) {
    // A stop that came while a batch ran found nothing to wake: no second of sleep after it.
    if (this.stopped) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
    this.wake = null;
  }

  private async acquireLeadership(): Promise<void> {
    const key = lockKey(this.o.projection.name);
    while (!this.stopped) {
      try {
        if (await this.locks.tryLock(key)) {
          this.isLeader = true;
          this.known = undefined; // another leader may have moved the checkpoint meanwhile
          this.o.log?.(`projection ${this.o.projection.name}: leading`);
          return;
        }
      } catch {
        // No connection yet (the database is restarting): try again shortly.
      }
      await this.sleep(1000);
    }
  }

  private async run(): Promise<void> {
    await this.acquireLeadership();
    while (!this.stopped) {
      if (!this.isLeader) {
        await this.acquireLeadership();
        continue;
      }
      let n: number;
      this.poked = false;
      try {
        n = await this.runBatch();
      } catch (e) {
        this.o.log?.(`projection ${this.o.projection.name}: batch failed, retrying: ${(e as Error).message}`);
        await this.sleep(1000);
        continue;
      }
      // Events appended while the batch read (it saw the store before them) were poked: read again at once, not a second later.
      if (n === 0 && !this.poked) await this.sleep(1000);
    }
  }

  /**
   * Where this runner last saw its checkpoint (null: at the start), while it may trust it; undefined: not
   * known, so the next batch reads it under its lock. Anyone else moving the checkpoint (a rebuild's swap,
   * a new leader) makes the quick move below miss, and the runner reads it again.
   */
  private known: string | null | undefined = undefined;
  private checkedAt = 0;

  /**
   * One batch. Most batches find nothing new, or only events this projection ignores (24 projections,
   * each batch of each its own transaction of about seven statements): when the runner knows its
   * checkpoint, nothing new costs no statement beyond the shared read of `$all`, and ignored events a
   * conditional move, gathered with the other runners' into one statement (checkpoint-moves.ts). Else,
   * and at least every CHECKPOINT_TRUSTED_MS, the full batch: lock the checkpoint row, read after it,
   * apply, move it, commit, then publish.
   */
  async runBatch(): Promise<number> {
    const { projection } = this.o;
    const reader = this.o.reader ?? this.o.store;
    const limit = this.o.batchSize ?? 500;
    if (this.known !== undefined && Date.now() - this.checkedAt < CHECKPOINT_TRUSTED_MS) {
      const events = await reader.readAll({ fromPosition: this.known, limit });
      if (!events.length) return 0;
      if (!events.some((e) => projection.handles(e))) {
        const position = events[events.length - 1].position;
        if (await this.moves.move(projection.name, this.known, position)) {
          this.known = position;
          this.o.onBatch?.({ projection: projection.name, position, events: events.length });
          return events.length;
        }
      }
    }
    // fullBatch forgets `known` first: a missed move, wanted events or a stale trust all read it again.
    return this.fullBatch(reader, limit);
  }

  private async fullBatch(reader: AllReader, limit: number): Promise<number> {
    const { projection, db } = this.o;
    const changes: LiveChange[] = [];
    let read = 0;
    let position: string | null = null;
    this.known = undefined;
    await db.transaction(async (trx) => {
      const cp = await lockCheckpoint(trx, projection);
      position = cp?.position ?? null;
      const events = await reader.readAll({ fromPosition: position, limit });
      read = events.length;
      if (!read) return;
      const wanted = events.filter((e) => projection.handles(e));
      position = events[events.length - 1].position;
      if (wanted.length)
        await projection.applyBatch(wanted, { trx, table: (t) => t, publish: (c) => changes.push(c), today: today() });
      await trx('projection_checkpoints')
        .where({ name: projection.name })
        .update({ position, events_applied: trx.raw('events_applied + ?', [wanted.length]), updated_at: trx.fn.now() });
    });
    // Committed: the checkpoint stands where this batch left it.
    this.known = position;
    this.checkedAt = Date.now();
    if (read) {
      this.o.live.publish(changes);
      this.o.onBatch?.({ projection: projection.name, position: position!, events: read });
    }
    return read;
  }
}
