/**
 * Latency of `PUT /api/bids/{id}` under a fixed, open-loop request rate, against a whole app
 * (startTestApp: api + projector, in a child process, on its own database).
 *
 * 20 bids; each PUT changes the description of the next one (round robin), without If-Match.
 * Requests leave on schedule (RATE per second for DURATION) whether or not earlier ones have
 * answered, and latency is measured from the scheduled send time to the end of the response body,
 * so a server that falls behind shows as latency rather than as a slower client.
 *
 *   npx tsx bench/src/api-latency.ts
 */
import { Client } from '../../tests/support/client.ts';
import { banner, createBids, openLoop, startAppProcess, writeResult } from './common.ts';
import { line, summarize } from './stats.ts';

const RATE = 50; // requests per second
const DURATION_S = 20;
const WARMUP_S = 3;
const BIDS = 20;
/** PUTs sent one at a time before the loaded run: the latency of a PUT with nothing queued. */
const UNLOADED = 100;

const app = await startAppProcess('bench_api_latency');
try {
  const client = await Client.signUp(app.url, 'Bench');
  const bids = await createBids(client, BIDS);
  banner('api-latency', `PUT /api/bids/{id} at ${RATE} req/s for ${DURATION_S} s (open loop, after ${WARMUP_S} s warm-up), ${BIDS} bids, projector running`);

  const run = async (count: number, tag: string) => {
    const latencies: number[] = [];
    const service: number[] = [];
    const statuses: Record<string, number> = {};
    const loop = await openLoop(count, 1000 / RATE, async (i, scheduledAt) => {
      const sentAt = performance.now();
      let status = 'error';
      try {
        const r = await client.put(`/api/bids/${bids[i % BIDS]}`, { description: `${tag} revision ${i}: bore 300 ft of 1.25" HDPE, ${i % 7} handholes` });
        status = String(r.status);
        const end = performance.now();
        latencies.push(end - scheduledAt);
        service.push(end - sentAt);
      } finally {
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    });
    return { latencies, service, statuses, loop };
  };

  await run(WARMUP_S * RATE, 'warm-up');
  const unloadedMs: number[] = [];
  for (let i = 0; i < UNLOADED; i++) {
    const t = performance.now();
    const res = await client.put(`/api/bids/${bids[i % BIDS]}`, { description: `one at a time ${i}` });
    if (res.status === 200) unloadedMs.push(performance.now() - t);
  }
  const unloaded = summarize(unloadedMs);
  console.log(`  ${'one at a time (closed loop)'.padEnd(30)} ${line(unloaded)}`);
  const r = await run(DURATION_S * RATE, 'measured');
  const latency = summarize(r.latencies);
  const serviceTime = summarize(r.service);
  console.log(`  ${`at ${RATE}/s, from scheduled send`.padEnd(30)} ${line(latency)}`);
  console.log(`  ${`at ${RATE}/s, from actual send`.padEnd(30)} ${line(serviceTime)}`);
  console.log(`  statuses ${JSON.stringify(r.statuses)}, unfinished ${r.loop.unfinished}, latest send ${r.loop.maxSendLagMs} ms behind schedule`);

  // The spec's client saves and reads its list at once, with no X-Min-Position: the list waits for the
  // session's last write (kept by the server). Beside it, from the same run: the same read sending the
  // header (as the web does), and a colleague's read who wrote nothing (no wait at all).
  const colleague = await client.addColleague('Bench Colleague');
  const afterWrite = { session: [] as number[], header: [] as number[], colleague: [] as number[] };
  for (let i = 0; i < 3 * UNLOADED; i++) {
    // Each way takes each place of a round in turn: the read just after a colleague's runs slower, whichever way it is.
    const way = (['session', 'header', 'colleague'] as const)[(i + Math.floor(i / 3)) % 3];
    const w = await client.put(`/api/bids/${bids[i % BIDS]}`, { description: `read after write ${i}` });
    const position = w.headers.get('x-position') ?? '';
    const t = performance.now();
    const res = way === 'colleague' ? await colleague.get('/api/bids/?archived=f') : await client.get('/api/bids/?archived=f', way === 'header' ? { 'X-Min-Position': position } : {});
    if (res.status !== 200) throw new Error(`list after write: ${res.status}`);
    afterWrite[way].push(performance.now() - t);
  }
  const readAfterWrite = { session: summarize(afterWrite.session), header: summarize(afterWrite.header), colleague: summarize(afterWrite.colleague) };
  console.log(`\n  list read right after a save (${BIDS} bids):`);
  console.log(`  ${'no header (session position)'.padEnd(30)} ${line(readAfterWrite.session)}`);
  console.log(`  ${'X-Min-Position sent'.padEnd(30)} ${line(readAfterWrite.header)}`);
  console.log(`  ${"a colleague's (no wait)".padEnd(30)} ${line(readAfterWrite.colleague)}`);

  writeResult('api-latency', {
    readAfterWriteMs: readAfterWrite,
    request: 'PUT /api/bids/{id} {description}, no If-Match',
    ratePerSecond: RATE,
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    bids: BIDS,
    requests: DURATION_S * RATE,
    latencyMs: latency,
    serviceTimeMs: serviceTime,
    oneAtATimeMs: unloaded,
    statuses: r.statuses,
    unfinished: r.loop.unfinished,
    maxSendLagMs: r.loop.maxSendLagMs,
  });
} finally {
  await app.stop();
}
