// The worker's heartbeat, beaten from its own thread (heartbeat.ts startThreadHeartbeat), so a job
// keeping the main event loop busy for a while never stops it. Plain JavaScript: a worker thread is
// not run through the TypeScript loader. It beats only while the main loop has ticked within
// stallMs: a loop stuck longer is a dead worker, and the missing beats let the supervisor restart it.
import { writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const { url, id, kind, host, pid, intervalMs, stallMs, tick, forgetAfter } = workerData;
const lastTick = new BigInt64Array(tick);
let client = null;
let beats = 0;
let withheld = false;
let running = Promise.resolve();

async function connected() {
  if (client) return client;
  const c = new pg.Client({ connectionString: url, application_name: `trenchline-${kind}-heartbeat`, connectionTimeoutMillis: Math.max(1000, intervalMs) });
  c.on('error', () => undefined);
  await c.connect();
  client = c;
  return c;
}

async function beat() {
  const lagMs = Date.now() - Number(Atomics.load(lastTick, 0));
  if (lagMs > stallMs) {
    // Written straight to stderr: the main thread forwards a thread's console, and it is the one stuck.
    if (!withheld) writeSync(2, `[${kind}] main event loop has not run for ${Math.round(lagMs / 1000)} s: heartbeat withheld\n`);
    withheld = true;
    parentPort.postMessage({ withheld: lagMs });
    return;
  }
  withheld = false;
  try {
    const c = await connected();
    await c.query(
      `insert into process_heartbeats (id, kind, host, pid, interval_ms, started_at, beat_at, info)
       values ($1, $2, $3, $4, $5, now(), now(), $6::jsonb)
       on conflict (id) do update set beat_at = now(), info = excluded.info`,
      [id, kind, host, pid, intervalMs, JSON.stringify({ loop_lag_ms: lagMs })],
    );
    // The first beat is told to the main thread: the worker counts as started once health can see it.
    if (beats === 0) parentPort.postMessage('beating');
    if (beats++ % 100 === 0) await c.query(`delete from process_heartbeats where beat_at < now() - interval '${forgetAfter}'`);
  } catch {
    // The database is away: the missing beats are the truth health reports; the next one connects again.
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  }
}

const timer = setInterval(() => {
  running = running.then(beat);
}, intervalMs);
running = running.then(beat);

parentPort.on('message', async (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  await running;
  try {
    const c = await connected();
    await c.query('delete from process_heartbeats where id = $1', [id]);
    await c.end();
  } catch {
    // Gone with the database: health forgets the row once it is old.
  }
  parentPort.postMessage('stopped');
  parentPort.close();
});
