/** The worker process: `npm start` runs it; scale by running more of them. */
import { REDIS_URL } from '@trenchline/read-model';
import { jobHandlers } from './jobs.ts';
import { startWorker } from './worker.ts';

const worker = startWorker(REDIS_URL, { log: (m) => console.log(`[worker] ${m}`) });
await worker.waitUntilReady();
console.log(`[worker] ready; jobs: ${Object.keys(jobHandlers).join(', ') || 'none registered yet (reports come with their issues)'}`);

for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, async () => {
    await worker.close();
    process.exit(0);
  });
