/**
 * The processes of one Trenchline deployment as `npm start` runs them (the fault tests run the same
 * ones). Each gets its own Postgres application_name (PGAPPNAME), so pg_stat_activity shows whose
 * connections are whose.
 */
import type { ProcessSpec } from './supervisor.ts';
import { serverMain } from './server-bundle.ts';

export type ProcessKind = 'api' | 'projector' | 'worker';

/**
 * One process of a kind; `name` tells two instances of one kind apart ('api-2'). It runs the kind's
 * bundle (server-bundle.ts: built here first when a source is newer), stack traces mapped to the sources.
 */
export function processSpec(root: string, kind: ProcessKind, env: NodeJS.ProcessEnv = process.env, name: string = kind): ProcessSpec {
  return {
    name,
    command: process.execPath,
    args: ['--enable-source-maps', serverMain(root, kind)],
    cwd: root,
    env: { ...env, PGAPPNAME: `trenchline-${name}` },
    // The worker runs jobs that could hold its loop: the supervisor restarts it when its heartbeat stops.
    watchHeartbeat: kind === 'worker',
  };
}

export const deploymentSpecs = (root: string, env: NodeJS.ProcessEnv = process.env): ProcessSpec[] =>
  (['api', 'projector', 'worker'] as const).map((kind) => processSpec(root, kind, env));
