/**
 * History verification throughput (docs/audit.md) on a store of 220,000 events: 200,000 of one account
 * and 20,000 of another, in streams of 20 events (each appended as two chained appends of 10). Beside
 * it, in the same run, paging $all through the same store: the walk reads every event and hashes it, so
 * reading them is its floor. The two alternate (the order reversed every other round), twice each.
 * Also: one account's walk (the other's events skipped), and the account's anchor computed.
 *
 *   npx tsx bench/src/verify-history.ts
 */
import pg from 'pg';
import { anchorAt, createEventStore, NO_STREAM, verifyHistory, type EventStore, type NewEvent } from '@trenchline/event-store';
import { createTestDatabase } from '@trenchline/read-model/testing.ts';
import { int, ms, perSecond } from './stats.ts';
import { banner, postgresSettings, writeResult } from './common.ts';

const EVENTS = { '1': 200_000, '2': 20_000 };
const STREAM_EVENTS = 20;
const APPEND_EVENTS = 10;
const WRITERS = 8;
const PAGE = 5000;
const ROUNDS = 2;

const event = (account: string, i: number): NewEvent => ({
  type: 'BidRevised',
  data: { changes: { description: { old: `Bore ${i - 1} ft along the north shoulder`, new: `Bore ${i} ft along the north shoulder` }, bid_due_date: { old: '2025-03-14', new: '2025-03-21' } }, city: 'Springfield', region: 'SW' },
  meta: { accountId: account, userId: '1', userName: 'Bench Estimator', at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(), correlationId: `c-${i}`, causationId: null, schemaVersion: 1 },
});

async function fill(store: EventStore) {
  let appended = 0;
  const jobs: (() => Promise<unknown>)[] = [];
  for (const [account, n] of Object.entries(EVENTS)) {
    for (let s = 0; s < n / STREAM_EVENTS; s++) {
      const stream = `bid-${account}${String(s).padStart(6, '0')}`;
      jobs.push(async () => {
        for (let k = 0; k < STREAM_EVENTS; k += APPEND_EVENTS) {
          await store.append(stream, Array.from({ length: APPEND_EVENTS }, (_, j) => event(account, s * STREAM_EVENTS + k + j)), { expectedVersion: k === 0 ? NO_STREAM : k });
          appended += APPEND_EVENTS;
        }
      });
    }
  }
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: WRITERS }, async () => { while (next < jobs.length) await jobs[next++](); }));
  return { events: appended, ms: performance.now() - t0 };
}

async function readAllPass(store: EventStore) {
  let position: string | null = null;
  let events = 0;
  const t0 = performance.now();
  for (;;) {
    const page = await store.readAll({ fromPosition: position, limit: PAGE });
    if (!page.length) break;
    events += page.length;
    position = page[page.length - 1].position;
  }
  const elapsed = performance.now() - t0;
  return { events, seconds: Math.round(elapsed) / 1000, eventsPerSecond: perSecond(events, elapsed) };
}

async function verifyPass(pool: pg.Pool, accountId: string | null) {
  const t0 = performance.now();
  const check = await verifyHistory(pool, { accountId, batchSize: PAGE });
  const elapsed = performance.now() - t0;
  if (!check.ok) throw new Error(`the bench store is broken: ${JSON.stringify(check.first_broken)}`);
  return { events: check.events_checked, seconds: Math.round(elapsed) / 1000, eventsPerSecond: perSecond(check.events_checked, elapsed) };
}

const database = await createTestDatabase('bench_verify_history');
const pool = new pg.Pool({ connectionString: database.url, max: WRITERS + 2 });
const store = createEventStore({ url: database.url, pool });
try {
  banner('verify-history', `hash chain walk beside reading $all, on ${database.name}`);
  const filled = await fill(store);
  await pool.query('vacuum analyze events');
  console.log(`store: ${int(filled.events)} events (${int(EVENTS['1'])} of account 1), streams of ${STREAM_EVENTS}, appended ${APPEND_EVENTS} at a time by ${WRITERS} writers in ${ms(filled.ms)} (${int(perSecond(filled.events, filled.ms))} events/s)\n`);

  const runs: { readAll: ReturnType<typeof readAllPass> extends Promise<infer R> ? R : never; verify: Awaited<ReturnType<typeof verifyPass>> }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? ['verify', 'readAll'] : ['readAll', 'verify'];
    const round = {} as (typeof runs)[number];
    for (const kind of order) {
      if (kind === 'readAll') round.readAll = await readAllPass(store);
      else round.verify = await verifyPass(pool, null);
    }
    runs.push(round);
    console.log(`round ${r + 1}: $all read ${int(round.readAll.eventsPerSecond).padStart(8)} events/s (${round.readAll.seconds} s)   verify whole store ${int(round.verify.eventsPerSecond).padStart(8)} events/s (${round.verify.seconds} s, ${int(round.verify.events)} events)`);
  }
  const account = await verifyPass(pool, '1');
  console.log(`verify account 1 alone: ${int(account.eventsPerSecond)} events/s (${int(account.events)} events in ${account.seconds} s; the other account's events are read and skipped)`);
  const head = (await pool.query<{ p: string }>(`select transaction_id::text || ':' || global_position::text as p from events order by transaction_id desc, global_position desc limit 1`)).rows[0].p;
  const t0 = performance.now();
  const anchor = await anchorAt(pool, '1', head);
  const anchorMs = performance.now() - t0;
  console.log(`anchor of account 1 (${int(anchor.streams)} streams, ${int(anchor.events)} events): ${ms(anchorMs)}`);
  const last = runs[runs.length - 1];
  console.log(`\nverify / $all read: ${(last.verify.eventsPerSecond / last.readAll.eventsPerSecond).toFixed(2)} (last round)`);

  writeResult('verify-history', {
    events: filled.events,
    fill: { ms: Math.round(filled.ms), eventsPerSecond: perSecond(filled.events, filled.ms) },
    rounds: runs,
    verifyToReadAllRatio: Math.round((last.verify.eventsPerSecond / last.readAll.eventsPerSecond) * 100) / 100,
    account: account,
    anchor: { events: anchor.events, streams: anchor.streams, ms: Math.round(anchorMs) },
    postgres: await postgresSettings(database.url),
  });
} finally {
  await store.close();
  await pool.end();
  await database.drop();
}
