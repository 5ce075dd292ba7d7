/**
 * `npm start`'s demo account (scripts/start.ts): seeded through the api's own context before the
 * processes start, with the worker's queue, so what the seed asks of the worker (the demo report
 * schedule's first run) waits in Redis for the worker started after it.
 */
import { queuePrefixOf } from '@trenchline/read-model';
import { createApiContext } from '../apps/api/src/app.ts';
import { redisJobQueue } from '../apps/api/src/platform/jobs.ts';
import { seedDemo } from '../apps/api/src/seed.ts';

export async function seedDemoAccount(o: { databaseUrl: string; redisUrl: string; filesDir?: string }) {
  const context = createApiContext({ databaseUrl: o.databaseUrl, filesDir: o.filesDir });
  context.ctx.jobs = redisJobQueue(o.redisUrl, { prefix: queuePrefixOf(o.databaseUrl) });
  try {
    return await seedDemo(context.ctx);
  } finally {
    await context.ctx.jobs.close();
    await context.close();
  }
}
