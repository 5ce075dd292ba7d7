/** The worker process: `npm start` runs it; scale by running more of them. */
import { setPriority } from 'node:os';
import { DATABASE_URL, FILES_DIR, REDIS_URL, stopOnSignals, waitForDatabase, nameConnections } from '@trenchline/read-model';
import { runWorker } from './run.ts';

const log = (m: string) => console.log(`[worker] ${m}`);
// pg_stat_activity's application_name of every connection (PGAPPNAME, set by the supervisor, wins): health names a transaction holding the store back by it.
nameConnections('trenchline-worker');
const shutdown = stopOnSignals(log);
// Heavy work (imports, zips, PDFs, reports) yields the CPU to the api's requests: a user waiting on a page
// comes before a job nobody watches byte by byte (docs/scaling.md "Fairness"). WORKER_NICE=0 turns it off.
const niceness = Number(process.env.WORKER_NICE ?? 10);
try {
  if (niceness) setPriority(niceness);
} catch (e) {
  log(`could not lower the worker's CPU priority (${(e as Error).message}); it runs at the api's`);
}
// A promise a job left behind that fails later must not end the process and every other account's jobs with it.
process.on('unhandledRejection', (e) => log(`unhandled rejection (the worker goes on): ${(e as Error)?.stack ?? String(e)}`));
// Started while Postgres is away (restarted under the supervisor): wait for it rather than crash; runWorker then waits for Redis.
await waitForDatabase(DATABASE_URL, { signal: shutdown.signal, log });
const running = await runWorker({
  databaseUrl: DATABASE_URL,
  redisUrl: REDIS_URL,
  filesDir: FILES_DIR,
  lockDuration: process.env.WORKER_LOCK_MS ? Number(process.env.WORKER_LOCK_MS) : undefined,
  log,
});
shutdown.running(() => running.close());
log(`ready; jobs: ${running.jobs.join(', ')}`);
