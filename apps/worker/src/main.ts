/** The worker process: `npm start` runs it; scale by running more of them. */
import { DATABASE_URL, FILES_DIR, REDIS_URL } from '@trenchline/read-model';
import { runWorker } from './run.ts';

const running = await runWorker({
  databaseUrl: DATABASE_URL,
  redisUrl: REDIS_URL,
  filesDir: FILES_DIR,
  lockDuration: process.env.WORKER_LOCK_MS ? Number(process.env.WORKER_LOCK_MS) : undefined,
  log: (m) => console.log(`[worker] ${m}`),
});
console.log(`[worker] ready; jobs: ${running.jobs.join(', ')}`);

for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, async () => {
    await running.close();
    process.exit(0);
  });
