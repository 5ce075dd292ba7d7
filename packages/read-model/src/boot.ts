/**
 * How the api, projector and worker boot while Postgres is away (restarted under them, or not up yet):
 * each waits for its database and migrations, trying every second, instead of crashing into the
 * supervisor's growing backoff, so it serves within a second or two of the database's return. While it
 * waits (or boots) SIGINT/SIGTERM end it at once; once running, after it has closed what it holds.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { databaseOf, sessionSettings } from './config.ts';

export interface WaitOptions {
  /** Aborted: the wait rejects with an AbortError (the process is being stopped). */
  signal?: AbortSignal;
  /** Between two tries (default 1 s). */
  intervalMs?: number;
  /** At most one log line this often while waiting (default 5 s). */
  logEveryMs?: number;
  log?: (message: string) => void;
}

/** Where the database is, without user or password, for log lines. */
export const databaseLabel = (url: string) => {
  const u = new URL(url);
  return `${u.hostname || 'localhost'}:${u.port || 5432}/${databaseOf(url)}`;
};

/** A refused connect to 'localhost' is an AggregateError without a message: name its first cause. */
function reason(e: unknown): string {
  const err = e as { message?: string; code?: string; errors?: unknown[] };
  if (err?.message) return err.message;
  if (Array.isArray(err?.errors) && err.errors.length) return reason(err.errors[0]);
  return err?.code ?? String(e);
}

/** Why the database cannot serve yet (unreachable, missing, not migrated), or null when it can. */
export async function databaseNotReady(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, ...sessionSettings() });
  client.on('error', () => undefined); // a loss while checking is just another failed try
  try {
    await client.connect();
    const tables = await client.query<{ store: boolean; migrated: boolean }>(
      `select to_regclass('record_index') is not null as store, to_regclass('knex_migrations') is not null as migrated`,
    );
    if (!tables.rows[0].store || !tables.rows[0].migrated) return 'it is not migrated yet (npm run migrate)';
    const done = new Set((await client.query<{ name: string }>('select name from knex_migrations')).rows.map((r) => r.name));
    const missing = migrations.map(([name]) => name).filter((name) => !done.has(name));
    return missing.length ? `migrations not applied yet: ${missing.join(', ')} (npm run migrate)` : null;
  } catch (e) {
    return reason(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Resolves once the database is reachable and migrated; tries every `intervalMs`, logging at most every `logEveryMs`. */
export async function waitForDatabase(url: string, o: WaitOptions = {}): Promise<void> {
  const intervalMs = o.intervalMs ?? 1000;
  const logEveryMs = o.logEveryMs ?? 5000;
  const t0 = Date.now();
  let loggedAt: number | null = null;
  const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);
  for (;;) {
    o.signal?.throwIfAborted();
    const why = await databaseNotReady(url);
    o.signal?.throwIfAborted();
    if (why === null) {
      if (loggedAt !== null) o.log?.(`the database ${databaseLabel(url)} is ready after ${seconds()} s`);
      return;
    }
    if (loggedAt === null || Date.now() - loggedAt >= logEveryMs) {
      loggedAt = Date.now();
      o.log?.(`waiting for the database ${databaseLabel(url)} (${seconds()} s): ${why}; trying every ${intervalMs / 1000} s`);
    }
    await sleep(intervalMs, undefined, { signal: o.signal });
  }
}

export interface StopOnSignals {
  /** Aborted on SIGINT/SIGTERM: pass it to the waits of the boot. */
  signal: AbortSignal;
  /** The process is up: a signal from now on runs `stop` (closing what it holds) before exiting. */
  running(stop: () => Promise<void>): void;
}

/** SIGINT/SIGTERM exit with code 0: during the boot at once (nothing is held yet), once running after `stop`. */
export function stopOnSignals(log?: (message: string) => void): StopOnSignals {
  const controller = new AbortController();
  let stop: (() => Promise<void>) | null = null;
  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    controller.abort();
    if (!stop) log?.(`${signal} while starting: exiting`);
    await stop?.().catch((e: Error) => log?.(`while stopping: ${e.message}`));
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
  return {
    signal: controller.signal,
    running(fn) {
      stop = fn;
    },
  };
}
