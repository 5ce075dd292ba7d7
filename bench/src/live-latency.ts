/**
 * Write-to-live-update latency: from the moment a `PUT /api/bids/{id}` response arrives to the moment
 * a Socket.IO client subscribed to the bids list receives the 'row' event carrying that write
 * (row.version at or past the version the PUT answered). The path measured: projector wakes
 * (LISTEN/NOTIFY), reads $all, folds, commits, publishes through Redis, API server emits, client
 * receives. A 'row' that arrives before the PUT's own response counts as a negative latency.
 *
 * WRITES PUTs, one every INTERVAL_MS on schedule (round robin over 20 bids, so each bid is written
 * once a second), against a whole app in a child process.
 *
 *   npx tsx bench/src/live-latency.ts
 */
import { io, type Socket } from 'socket.io-client';
import { Client } from '../../tests/support/client.ts';
import { banner, createBids, openLoop, sleep, startAppProcess, writeResult } from './common.ts';
import { line, summarize } from './stats.ts';

const WRITES = 400;
const INTERVAL_MS = 50;
const WARMUP_WRITES = 40;
const BIDS = 20;
/** A write whose row has not arrived this long after its response counts as missed. */
const MISS_AFTER_MS = 5_000;

interface RowMessage {
  list: string;
  op: 'upsert' | 'remove';
  id: string;
  row: { version?: number } | null;
  position: string;
}

/** Arrival times of 'row' events per bid, and waiters for versions not seen yet. */
class RowWatch {
  private seen = new Map<string, { version: number; at: number }[]>();
  private waiters = new Set<{ id: string; version: number; resolve: (at: number) => void }>();
  rows = 0;

  constructor(socket: Socket) {
    socket.on('row', (m: RowMessage) => {
      const at = performance.now();
      if (m.list !== 'bids' || m.op !== 'upsert' || typeof m.row?.version !== 'number') return;
      this.rows++;
      const id = String(m.id);
      const version = m.row.version;
      const list = this.seen.get(id) ?? [];
      list.push({ version, at });
      this.seen.set(id, list);
      for (const w of this.waiters)
        if (w.id === id && version >= w.version) {
          this.waiters.delete(w);
          w.resolve(at);
        }
    });
  }

  /** When the first 'row' of bid `id` at or past `version` arrived (possibly already), or null on timeout. */
  arrival(id: string, version: number, timeoutMs: number): Promise<number | null> {
    const hit = this.seen.get(id)?.find((s) => s.version >= version);
    if (hit) return Promise.resolve(hit.at);
    return new Promise((resolve) => {
      const w = {
        id,
        version,
        resolve: (at: number | null) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(w);
        resolve(null);
      }, timeoutMs);
      this.waiters.add(w);
    });
  }
}

async function connectSocket(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, timeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(new Error(`socket connect failed: ${e.message}`)));
  });
  const ack = await socket.timeout(5_000).emitWithAck('subscribe', { list: 'bids' });
  if (!ack?.ok) throw new Error(`subscribe to bids refused: ${JSON.stringify(ack)}`);
  return socket;
}

const app = await startAppProcess('bench_live_latency');
let socket: Socket | null = null;
try {
  const client = await Client.signUp(app.url, 'Bench');
  const bids = await createBids(client, BIDS);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  socket = await connectSocket(app.url, cookie);
  const watch = new RowWatch(socket);
  banner('live-latency', `PUT response -> Socket.IO 'row', ${WRITES} writes every ${INTERVAL_MS} ms (after ${WARMUP_WRITES} warm-up), ${BIDS} bids`);

  const run = async (count: number, tag: string) => {
    const latencies: number[] = [];
    const putMs: number[] = [];
    let missed = 0;
    let failed = 0;
    let rowFirst = 0;
    const loop = await openLoop(
      count,
      INTERVAL_MS,
      async (i) => {
        const id = bids[i % BIDS];
        const sent = performance.now();
        const r = await client.put(`/api/bids/${id}`, { description: `${tag} live revision ${i}` }).catch(() => null);
        const answered = performance.now();
        if (r?.status !== 200 || typeof r.body?.version !== 'number') {
          failed++;
          return;
        }
        putMs.push(answered - sent);
        const at = await watch.arrival(id, r.body.version, MISS_AFTER_MS);
        if (at === null) missed++;
        else {
          if (at < answered) rowFirst++;
          latencies.push(at - answered);
        }
      },
      MISS_AFTER_MS + 30_000,
    );
    return { latencies, putMs, missed, failed, rowFirst, loop };
  };

  await run(WARMUP_WRITES, 'warm-up');
  await sleep(500);
  const r = await run(WRITES, 'measured');
  const latency = summarize(r.latencies);
  const put = summarize(r.putMs);
  console.log(`  PUT response -> 'row' received  ${line(latency)}`);
  console.log(`  (the PUT itself                 ${line(put)})`);
  console.log(`  missed (no row within ${MISS_AFTER_MS / 1000} s) ${r.missed}, failed PUTs ${r.failed}, rows that arrived before their PUT's response ${r.rowFirst}`);
  console.log(`  'row' events received in all: ${watch.rows}`);

  writeResult('live-latency', {
    writes: WRITES,
    intervalMs: INTERVAL_MS,
    warmupWrites: WARMUP_WRITES,
    bids: BIDS,
    writeToRowMs: latency,
    putMs: put,
    missed: r.missed,
    failedPuts: r.failed,
    rowsBeforeResponse: r.rowFirst,
    unfinished: r.loop.unfinished,
    maxSendLagMs: r.loop.maxSendLagMs,
  });
} finally {
  socket?.disconnect();
  await app.stop();
}
