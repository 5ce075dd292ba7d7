/**
 * `npm start`'s seeding, as start.ts runs it (before any process): the demo's report schedule asks the
 * worker for its first run, and that job must wait in the queue the worker will read (it once failed
 * `npm start` with "no job queue in this context").
 */
import { afterAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queuePrefixOf, REDIS_URL } from '@trenchline/read-model';
import { createTestDatabase } from '@trenchline/read-model/testing.ts';
import { createQueue } from '@trenchline/platform/queue.ts';
import { seedDemoAccount } from './seed-demo.ts';

const files = mkdtempSync(join(tmpdir(), 'tl-seed-demo-'));
const database = await createTestDatabase('seed_demo_start');
const queue = createQueue(REDIS_URL, { prefix: queuePrefixOf(database.url) });
afterAll(async () => {
  await queue.queue.obliterate({ force: true });
  await queue.close();
  await database.drop();
  rmSync(files, { recursive: true, force: true });
});

it("given a fresh database and no process running, when npm start seeds the demo, then it is made and the schedule's first run waits in the worker's queue", async () => {
  expect(await seedDemoAccount({ databaseUrl: database.url, redisUrl: REDIS_URL, filesDir: files })).toEqual({ created: true });
  const waiting = await queue.queue.getJobs(['waiting', 'prioritized', 'delayed']);
  expect(waiting.map((j) => j.name)).toContain('schedules.deliver');
}, 120_000);
