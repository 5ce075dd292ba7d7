/** Starts a runner for every projection and wakes them when events are appended. */
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import { startHeartbeat } from '@trenchline/read-model';
import { projections as allProjections } from './registry.ts';
import { ProjectionRunner } from './shared/runner.ts';
import { LeaderLocks } from './shared/leader-locks.ts';
import type { LivePublisher } from '@trenchline/platform';
import type { Projection } from './shared/projection.ts';

export interface ProjectorOptions {
  store: EventStore;
  db: Knex;
  databaseUrl: string;
  live: LivePublisher;
  projections?: Projection[];
  batchSize?: number;
  log?: (msg: string) => void;
}

export async function startProjector(o: ProjectorOptions) {
  const locks = new LeaderLocks(o.databaseUrl);
  const runners = (o.projections ?? allProjections()).map(
    (projection) => new ProjectionRunner({ projection, store: o.store, db: o.db, databaseUrl: o.databaseUrl, live: o.live, locks, batchSize: o.batchSize, log: o.log }),
  );
  const unsubscribe = await o.store.onAppended(() => runners.forEach((r) => r.poke()));
  runners.forEach((r) => r.start());
  // Health reads which projections this process leads (a standby leads none).
  const heartbeat = startHeartbeat(o.db, 'projector', { info: () => ({ leading: runners.filter((r) => r.isLeader).map((r) => r.name) }) });
  return {
    runners,
    async stop() {
      await heartbeat.stop();
      await unsubscribe();
      await Promise.all(runners.map((r) => r.stop()));
      await locks.close();
    },
  };
}
