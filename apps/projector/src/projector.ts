/**
 * Starts a runner for every projection and wakes them when events are appended; rebuilds beside the
 * live ones the projections whose declared version is above their checkpoint's (shared/rebuild.ts).
 */
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import { startHeartbeat } from '@trenchline/read-model';
import { projections as allProjections } from './registry.ts';
import { ProjectionRunner } from './shared/runner.ts';
import { LeaderLocks } from './shared/leader-locks.ts';
import { SharedReader } from './shared/shared-reader.ts';
import { CheckpointMoves } from './shared/checkpoint-moves.ts';
import { rebuildProjections, rebuildsDue, type RebuildOptions } from './shared/rebuild.ts';
import type { LivePublisher } from '@trenchline/platform';
import type { Projection } from './shared/projection.ts';
import { REPLAY_BATCH_SIZE } from './replay.ts';

export interface ProjectorOptions {
  store: EventStore;
  db: Knex;
  databaseUrl: string;
  live: LivePublisher;
  projections?: Projection[];
  batchSize?: number;
  /** Events per page of a shadow rebuild (default the replay's). */
  rebuildBatchSize?: number;
  /** Side-table transactions a shadow rebuild holds at once (default 2): the rest of the pool stays with the live runners. */
  rebuildConnections?: number;
  /** After each committed page of a shadow rebuild. */
  onRebuildPage?: RebuildOptions['onPage'];
  log?: (msg: string) => void;
}

export async function startProjector(o: ProjectorOptions) {
  const locks = new LeaderLocks(o.databaseUrl);
  const projections = o.projections ?? allProjections();
  // One read of `$all` per position for the whole process, not one per runner.
  const reader = new SharedReader(o.store);
  // Their checkpoint moves over ignored events, one statement a turn for the whole process.
  const moves = new CheckpointMoves(o.db);
  const runners = projections.map(
    (projection) => new ProjectionRunner({ projection, store: o.store, reader, moves, db: o.db, databaseUrl: o.databaseUrl, live: o.live, locks, batchSize: o.batchSize, log: o.log }),
  );
  const unsubscribe = await o.store.onAppended(() => runners.forEach((r) => r.poke()));
  runners.forEach((r) => r.start());
  let stopped = false;
  const rebuilding = rebuildWhileDue(projections, { ...o, locks, stopped: () => stopped });
  // Health reads which projections this process leads (a standby leads none).
  const heartbeat = startHeartbeat(o.db, 'projector', { info: () => ({ leading: runners.filter((r) => r.isLeader).map((r) => r.name) }) });
  return {
    runners,
    /** Resolves once no projection of this process is due a rebuild (or the projector stops). */
    rebuilding,
    async stop() {
      stopped = true;
      await heartbeat.stop();
      await unsubscribe();
      await rebuilding;
      await Promise.all(runners.map((r) => r.stop()));
      await locks.close();
    },
  };
}

/**
 * Rebuilds, beside the live runners, every projection due one, until none is: those another process
 * rebuilds are looked at again every few seconds (it may die; its rebuild is then resumed here).
 */
async function rebuildWhileDue(projections: Projection[], o: ProjectorOptions & { locks: LeaderLocks; stopped: () => boolean }): Promise<void> {
  const pause = () => new Promise((r) => setTimeout(r, 2000));
  while (!o.stopped()) {
    try {
      const due = await rebuildsDue(o.db, projections);
      if (!due.length) return;
      const r = await rebuildProjections(due, { store: o.store, db: o.db, locks: o.locks, batchSize: o.rebuildBatchSize ?? REPLAY_BATCH_SIZE, stopped: o.stopped, connections: o.rebuildConnections ?? 2, onPage: o.onRebuildPage, log: o.log });
      if (r.busy.length) await pause();
    } catch (e) {
      o.log?.(`rebuild failed, retrying: ${(e as Error)?.stack ?? e}`);
      await pause();
    }
  }
}
