/**
 * Each api, projector and worker process writes a row of process_heartbeats every HEARTBEAT_MS, so
 * /api/health can say which processes are alive: a row is live while its last beat is younger than
 * three of its own intervals. Times are Postgres' (now()), so machines' clocks never disagree.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
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

export function startHeartbeat(db: Knex, kind: ProcessKind, o: { intervalMs?: number; info?: () => Record<string, unknown> } = {}): Heartbeat {
  const intervalMs = o.intervalMs ?? heartbeatMs();
  const id = `${kind}:${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
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
