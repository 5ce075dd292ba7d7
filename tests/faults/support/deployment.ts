/**
 * Real api, projector and worker processes (their mains, as `npm start` runs them) under the
 * supervisor, on a given database and Redis, with their output kept for a failing test to show.
 */
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase, migrateAll } from '@trenchline/read-model';
import { Supervisor } from '../../../scripts/supervisor.ts';
import { processSpec, type ProcessKind } from '../../../scripts/processes.ts';
import { freePort } from './servers.ts';
import { forgetMailbox, registerMailbox } from '../../support/mail.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const READY: Record<ProcessKind, string> = { api: '[api] listening on', projector: '[projector] running', worker: '[worker] ready' };
/** Lines a test counts per process (saidCount), beside READY. */
const MARKS = ['waiting for the database'] as const;
export type Mark = (typeof MARKS)[number];

export interface Deployment {
  supervisor: Supervisor;
  /** Base URL of an api process by name ('api', 'api-2'). */
  url(name?: string): string;
  /** Resolves once the process has said it is ready `times` times since the deployment started (a restart is another time). */
  ready(name: string, times?: number): Promise<void>;
  readyCount(name: string): number;
  /** How many lines of the process contained `mark` since the deployment started. */
  saidCount(name: string, mark: Mark): number;
  /** The last lines the processes printed, for a failing test. */
  tail(lines?: number): string;
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Process names and kinds, e.g. [['api', 'api'], ['api-2', 'api']]. */
  processes: [string, ProcessKind][];
  env?: Record<string, string>;
}

export async function startDeployment(o: DeploymentOptions): Promise<Deployment> {
  await ensureDatabase(o.databaseUrl);
  await migrateAll(o.databaseUrl);
  const filesDir = mkdtempSync(join(tmpdir(), 'tl-faults-files-'));
  const tag = Math.random().toString(36).slice(2, 8);
  const ports = new Map<string, number>();
  for (const [name, kind] of o.processes) if (kind === 'api') ports.set(name, await freePort());
  const lines: string[] = [];
  const readies = new Map<string, number>();
  const marks = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const kindOf = new Map(o.processes);
  const supervisor = new Supervisor(
    o.processes.map(([name, kind]) =>
      processSpec(
        root,
        kind,
        {
          ...process.env,
          DATABASE_URL: o.databaseUrl,
          REDIS_URL: o.redisUrl,
          FILES_DIR: filesDir,
          LIVE_KEY: `socket.io#faults-${tag}`,
          QUEUE_PREFIX: `bull#faults-${tag}`,
          PORT: String(ports.get(name) ?? 0),
          ...o.env,
        },
        name,
      ),
    ),
    {
      stdio: 'pipe',
      onLine(name, line) {
        lines.push(`${name}: ${line}`);
        if (lines.length > 2000) lines.splice(0, 1000);
        for (const mark of MARKS) if (line.includes(mark)) marks.set(`${name}\n${mark}`, (marks.get(`${name}\n${mark}`) ?? 0) + 1);
        if (line.includes(READY[kindOf.get(name)!])) {
          readies.set(name, (readies.get(name) ?? 0) + 1);
          waiters.splice(0).forEach((w) => w());
        }
      },
      log: (m) => lines.push(`supervisor: ${m}`),
    },
  ).start();

  const readyCount = (name: string) => readies.get(name) ?? 0;
  // Client.signUp reads the sign-up code from the deployment's mail outbox.
  for (const port of ports.values()) registerMailbox(`http://127.0.0.1:${port}`, o.databaseUrl);
  return {
    supervisor,
    url: (name = 'api') => `http://127.0.0.1:${ports.get(name)}`,
    readyCount,
    saidCount: (name, mark) => marks.get(`${name}\n${mark}`) ?? 0,
    async ready(name, times = 1) {
      while (readyCount(name) < times) await new Promise<void>((ok) => waiters.push(ok));
    },
    tail: (n = 80) => lines.slice(-n).join('\n'),
    async stop() {
      await supervisor.stop();
      for (const port of ports.values()) forgetMailbox(`http://127.0.0.1:${port}`);
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
