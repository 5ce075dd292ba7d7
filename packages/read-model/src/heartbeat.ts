/**
 * Each api, projector and worker process writes a row of process_heartbeats every HEARTBEAT_MS, so
 * /api/health can say which processes are alive: a row is live while its last beat is younger than
 * three of its own intervals. Times are Postgres' (now()), so machines' clocks never disagree.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import { Worker } from 'node:worker_threads';
import { positiveIntFromEnv } from './config.ts';

export type ProcessKind = 'api' | 'projector' | 'worker';

/** How often a process beats; read when a heartbeat starts (a test sets it for its own app). */
export const heartbeatMs = () => positiveIntFromEnv('HEARTBEAT_MS', 5000);
/** A row whose beat is older than this many of its intervals is a dead process's. */
export const MISSED_BEATS = 3;
/** Rows of processes gone this long are deleted by whichever process beats next. */
const FORGET_AFTER = '1 hour';

export interface Heartbeat {
  id: string;
  /** Ends the beats and deletes the row, so a process stopped on purpose is gone from health at once. */
  stop(): Promise<void>;
}

/** A process's row id: its kind, host and pid, and a few random bytes (a pid may be reused). */
const heartbeatId = (kind: ProcessKind) => `${kind}:${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export function startHeartbeat(db: Knex, kind: ProcessKind, o: { intervalMs?: number; info?: () => Record<string, unknown> } = {}): Heartbeat {
  const intervalMs = o.intervalMs ?? heartbeatMs();
  const id = heartbeatId(kind);
  let beats = 0;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const beat = () => {
    if (stopped) return;
    const info = JSON.stringify(o.info?.() ?? {});
    running = db
      .raw(
        `insert into process_heartbeats (id, kind, host, pid, interval_ms, started_at, beat_at, info)
         values (?, ?, ?, ?, ?, now(), now(), ?::jsonb)
         on conflict (id) do update set beat_at = now(), info = excluded.info`,
        [id, kind, hostname(), process.pid, intervalMs, info],
      )
      .then(() => (beats++ % 100 === 0 ? db.raw(`delete from process_heartbeats where beat_at < now() - interval '${FORGET_AFTER}'`) : undefined))
      // The database is away: the missing beats are the truth health reports; the next one tries again.
      .catch(() => undefined);
  };
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return {
    id,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await db('process_heartbeats').where({ id }).delete().catch(() => undefined);
    },
  };
}

/** How long the worker's main loop may go without running before its heartbeat thread stops beating (WORKER_STALL_MS). */
export const stallMs = () => positiveIntFromEnv('WORKER_STALL_MS', 60_000);

export interface ThreadHeartbeat extends Heartbeat {
  /** How many beats the thread withheld because the main loop had not run for stallMs (tests read it). */
  readonly withheld: number;
  /** Resolves once the first beat is written (at most `waitMs`; the database may be away): health then sees the process. */
  firstBeat(waitMs?: number): Promise<void>;
}

/**
 * The heartbeat beaten from a worker thread with its own connection, so a job keeping the main loop
 * busy (a big PDF, a CSV being parsed) never stops it: the main loop only marks the time each second
 * in shared memory, and the thread beats while that mark is younger than `stallMs`. A loop stuck
 * longer stops the beats, health says the worker is gone, and the supervisor restarts it.
 */
export function startThreadHeartbeat(databaseUrl: string, kind: ProcessKind, o: { intervalMs?: number; stallMs?: number } = {}): ThreadHeartbeat {
  const intervalMs = o.intervalMs ?? heartbeatMs();
  const id = heartbeatId(kind);
  const tick = new SharedArrayBuffer(8);
  const lastTick = new BigInt64Array(tick);
  const mark = () => Atomics.store(lastTick, 0, BigInt(Date.now()));
  mark();
  const ticker = setInterval(mark, Math.min(1000, intervalMs));
  ticker.unref();
  const thread = new Worker(new URL('./heartbeat-thread.mjs', import.meta.url), {
    workerData: { url: databaseUrl, id, kind, host: hostname(), pid: process.pid, intervalMs, stallMs: o.stallMs ?? stallMs(), tick, forgetAfter: FORGET_AFTER },
  });
  thread.unref();
  let withheld = 0;
  let beating: () => void = () => undefined;
  const first = new Promise<void>((ok) => (beating = ok));
  thread.on('message', (m: unknown) => {
    if (m === 'beating') beating();
    if (typeof m === 'object' && m && 'withheld' in m) withheld += 1;
  });
  // A thread that dies takes the beats with it; health then reports the worker gone, which is the truth.
  thread.on('error', () => undefined);
  return {
    id,
    get withheld() {
      return withheld;
    },
    firstBeat: (waitMs = 5000) => Promise.race([first, new Promise<void>((ok) => setTimeout(ok, waitMs).unref())]),
    async stop() {
      clearInterval(ticker);
      const stopped = new Promise<void>((ok) => {
        thread.on('message', (m) => m === 'stopped' && ok());
        thread.once('exit', () => ok());
      });
      thread.postMessage('stop');
      await Promise.race([stopped, new Promise((ok) => setTimeout(ok, 5000))]);
      await thread.terminate();
    },
  };
}

/**
 * Whether the process of this kind with this pid (on this host) still beats, for the supervisor:
 * null while it has no row (starting, waiting for Redis) or the database does not answer.
 */
export const isBeating = (db: Knex) => async (kind: ProcessKind, pid: number): Promise<boolean | null> => {
  const row = await db('process_heartbeats')
    .where({ host: hostname(), pid, kind })
    .orderBy('beat_at', 'desc')
    .first<{ live: boolean } | undefined>(db.raw(`beat_at > now() - (interval_ms * ${MISSED_BEATS}) * interval '1 millisecond' as live`));
  return row ? Boolean(row.live) : null;
};
