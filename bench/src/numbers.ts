/**
 * Document number allocation: `POST /api/settings/current_number/job/issue/` by 8 users of one account
 * at once, each asking for its next number as soon as the last one answered (closed loop, 8 in flight).
 * Prints the latency of one allocation (p50, p95, p99) and the allocations per second, and checks the
 * numbers handed out were distinct and gap-free (a wrong count is a failed run, not a figure).
 *
 *   npx tsx bench/src/numbers.ts
 */
import { Client } from '../../tests/support/client.ts';
import { banner, startAppProcess, writeResult } from './common.ts';
import { line, perSecond, summarize } from './stats.ts';

const CLIENTS = 8;
const PER_CLIENT = 500;
const WARMUP_PER_CLIENT = 50;

const app = await startAppProcess('bench_numbers');
try {
  const owner = await Client.signUp(app.url, 'Bench');
  const users = [owner];
  for (let i = 1; i < CLIENTS; i++) {
    const email = `clerk${i}.${Date.now()}@example.com`;
    await owner.post('/api/settings/users/', { display_name: `Clerk ${i}`, email, password: 'long enough pw' });
    const c = new Client(app.url);
    await c.get('/api/auth/me');
    await c.post('/api/auth/login', { email, password: 'long enough pw' });
    users.push(c);
  }
  banner('numbers', `${CLIENTS} users each allocating ${PER_CLIENT} job numbers back to back (after ${WARMUP_PER_CLIENT} each to warm up), projector running`);

  const run = async (perClient: number) => {
    const latencies: number[] = [];
    const numbers: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      users.map(async (c) => {
        for (let i = 0; i < perClient; i++) {
          const t = performance.now();
          const r = await c.post('/api/settings/current_number/job/issue/');
          latencies.push(performance.now() - t);
          if (r.status !== 201) throw new Error(`allocation answered ${r.status}: ${JSON.stringify(r.body)}`);
          numbers.push(r.body.number);
        }
      }),
    );
    return { latencies, numbers, ms: performance.now() - t0 };
  };

  const warm = await run(WARMUP_PER_CLIENT);
  // One user alone: the latency of an allocation with nothing else waiting.
  const aloneMs: number[] = [];
  const aloneNumbers: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const res = await owner.post('/api/settings/current_number/job/issue/');
    aloneMs.push(performance.now() - t);
    aloneNumbers.push(res.body.number);
  }
  const alone = summarize(aloneMs);
  console.log(`  ${'one allocation, 1 in flight'.padEnd(30)} ${line(alone)}`);
  const r = await run(PER_CLIENT);
  const all = [...warm.numbers, ...aloneNumbers, ...r.numbers].sort((a, b) => a - b);
  const gapFree = all.every((n, i) => n === i + 1);
  if (!gapFree || new Set(all).size !== all.length) throw new Error('numbers were not distinct and gap-free');
  const s = summarize(r.latencies);
  console.log(`  ${'one allocation, 8 in flight'.padEnd(30)} ${line(s)}`);
  console.log(`  ${perSecond(r.numbers.length, r.ms)} allocations/s; ${all.length} numbers, distinct and gap-free`);
  writeResult('numbers', { clients: CLIENTS, perClient: PER_CLIENT, latencyMs: s, aloneLatencyMs: alone, allocationsPerSecond: perSecond(r.numbers.length, r.ms), distinctAndGapFree: gapFree });
} finally {
  await app.stop();
}
