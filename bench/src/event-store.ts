/**
 * Event-store write and read rates (Postgres adapter) on a fresh test database.
 *
 * Appends: each append is one ~500 B JSON event to a stream of its own (a new stream, expected
 * version NO_STREAM, so the version check runs), with 1 writer and with 8 concurrent writers, each
 * for a fixed time. Beside them, in the same run and with the same concurrency, plain INSERTs of the
 * same rows into a bare table with the same columns and nothing but a bigserial primary key (one
 * autocommit statement per row): the ratio is what the store's guarantees cost.
 *
 * $all: paging readAll with limit 1000 from the start over at least 100,000 events, twice.
 *
 *   npx tsx bench/src/event-store.ts
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createEventStore, NO_STREAM, type EventMetadata, type EventStore, type NewEvent } from '@trenchline/event-store';
import { createTestDatabase } from '@trenchline/read-model/testing.ts';
import { int, line, ms, perSecond, summarize } from './stats.ts';
import { banner, postgresSettings, writeResult } from './common.ts';

const PHASE_MS = 8_000; // measured time of each append phase
const WARMUP_MS = 1_000; // unmeasured time before each phase
const CONCURRENCIES = [1, 8];
const READ_ALL_MIN_EVENTS = 100_000;
const READ_ALL_PAGE = 1000;
const FILL_EVENTS_PER_APPEND = 1000;
const POOL_SIZE = 10;

// ---- a realistic event: a BidCreated as the API writes it ------------------------------------------

const meta = (i: number): EventMetadata => ({
  accountId: '1',
  userId: '1',
  userName: 'Bench Estimator',
  at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
});

function bidCreated(i: number): NewEvent {
  return {
    type: 'BidCreated',
    data: {
      id: String(1_000_000 + i),
      values: {
        work_request: `WR-${400000 + i}`,
        coordinator: 'Dana Whitfield',
        phone_1: '(555) 010-2233',
        description: `Place 1.25" HDPE duct by directional bore along the north shoulder, ${i % 900} ft, two handholes`,
        bid_due_date: '2025-03-14',
        request_start: '2025-04-01',
        location: '1200 block of Old Mill Rd',
        city: 'Springfield',
        county: 'Greene',
        crossroads: 'Old Mill Rd & County Line Rd',
        supplier_code: `SC-${(i % 97) + 1000}`,
        region: 'SW',
        market: 'SW',
        division: 'BAU',
        archived: false,
        bid_status: 'A',
        our_status: 'New',
      },
    },
    meta: meta(i),
  };
}

const dataBytes = Buffer.byteLength(JSON.stringify(bidCreated(0).data));
const metaBytes = Buffer.byteLength(JSON.stringify(bidCreated(0).meta));

// ---- the baseline: a bare table with the same columns --------------------------------------------

const PLAIN_TABLE_SQL = `
create table bench_plain_events (
  id              bigserial primary key,
  transaction_id  xid8 default pg_current_xact_id(),
  event_id        uuid,
  stream_id       text,
  stream_version  integer,
  type            text,
  data            jsonb,
  metadata        jsonb,
  account_id      bigint,
  recorded_at     timestamptz default clock_timestamp()
)`;
const PLAIN_INSERT_SQL = `insert into bench_plain_events (event_id, stream_id, stream_version, type, data, metadata, account_id)
  values ($1::uuid, $2, $3::int, $4, $5::jsonb, $6::jsonb, $7::bigint)`;

// ---- running writers for a fixed time ----------------------------------------------------------

interface PhaseResult {
  writers: number;
  appends: number;
  seconds: number;
  perSecond: number;
  latencyMs: ReturnType<typeof summarize>;
}

let sequence = 0; // every append, warm-up included, gets a fresh stream / row

/** `writers` loops calling `op` back to back: WARMUP_MS unmeasured, then PHASE_MS measured. */
async function phase(writers: number, op: (i: number) => Promise<unknown>): Promise<PhaseResult> {
  const runFor = async (durationMs: number, latencies: number[] | null) => {
    const end = performance.now() + durationMs;
    let count = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          await op(sequence++);
          latencies?.push(performance.now() - t);
          count++;
        }
      }),
    );
    return count;
  };
  await runFor(WARMUP_MS, null);
  const latencies: number[] = [];
  const t0 = performance.now();
  const appends = await runFor(PHASE_MS, latencies);
  const elapsed = performance.now() - t0;
  return { writers, appends, seconds: Math.round(elapsed) / 1000, perSecond: perSecond(appends, elapsed), latencyMs: summarize(latencies) };
}

async function readAllPass(store: EventStore) {
  let position: string | null = null;
  let events = 0;
  let pages = 0;
  const t0 = performance.now();
  for (;;) {
    const page = await store.readAll({ fromPosition: position, limit: READ_ALL_PAGE });
    if (!page.length) break;
    events += page.length;
    pages++;
    position = page[page.length - 1].position;
  }
  const elapsed = performance.now() - t0;
  return { events, pages, seconds: Math.round(elapsed) / 1000, eventsPerSecond: perSecond(events, elapsed) };
}

// ---- main ---------------------------------------------------------------------------------------

const database = await createTestDatabase('bench_event_store');
const store = createEventStore({ url: database.url }); // its own pg pool (10 connections)
const plainPool = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
try {
  await plainPool.query(PLAIN_TABLE_SQL);
  banner('event-store', `append and $all read rates, Postgres adapter on ${database.name}`);
  console.log(`each append: 1 event, data ${dataBytes} B + metadata ${metaBytes} B of JSON, to a new stream (expected version ${NO_STREAM})`);
  console.log(`phases: ${WARMUP_MS / 1000} s warm-up + ${PHASE_MS / 1000} s measured, writers: ${CONCURRENCIES.join(' and ')}\n`);

  const appendOne = (i: number) => store.append(`benchappend-${i}`, [bidCreated(i)], { expectedVersion: NO_STREAM });
  const insertOne = (i: number) => {
    const e = bidCreated(i);
    return plainPool.query(PLAIN_INSERT_SQL, [randomUUID(), `benchplain-${i}`, 1, e.type, JSON.stringify(e.data), JSON.stringify(e.meta), '1']);
  };

  const appends: Record<string, unknown> = {};
  for (const writers of CONCURRENCIES) {
    const plain = await phase(writers, insertOne);
    const stored = await phase(writers, appendOne);
    const ratio = Math.round((stored.perSecond / plain.perSecond) * 1000) / 1000;
    appends[`writers_${writers}`] = { eventStore: stored, plainInsert: plain, eventStoreToPlainRatio: ratio };
    console.log(`${writers} writer${writers > 1 ? 's' : ' '}  event store  ${int(stored.perSecond).padStart(7)} appends/s   ${line(stored.latencyMs)}`);
    console.log(`           plain INSERT ${int(plain.perSecond).padStart(7)} rows/s      ${line(plain.latencyMs)}`);
    console.log(`           ratio        ${ratio.toFixed(2)} (event store / plain INSERT: a plain INSERT is ${(1 / ratio).toFixed(1)}x faster)\n`);
  }

  // Top the store up to READ_ALL_MIN_EVENTS with 1000-event appends, then page through $all.
  const { rows } = await plainPool.query<{ n: string }>('select count(*)::text as n from events');
  let have = Number(rows[0].n);
  const fillStart = performance.now();
  for (let s = 0; have < READ_ALL_MIN_EVENTS; s++) {
    const n = Math.min(FILL_EVENTS_PER_APPEND, READ_ALL_MIN_EVENTS - have);
    await store.append(`benchfill-${s}`, Array.from({ length: n }, () => bidCreated(sequence++)), { expectedVersion: NO_STREAM });
    have += n;
  }
  const fillMs = performance.now() - fillStart;
  await plainPool.query('vacuum analyze events');
  console.log(`$all: ${int(have)} events in the store (topped up in ${ms(fillMs)}), readAll limit ${READ_ALL_PAGE}`);
  const first = await readAllPass(store);
  const second = await readAllPass(store);
  console.log(`  pass 1  ${int(first.eventsPerSecond).padStart(9)} events/s  (${int(first.events)} events, ${first.pages} pages, ${first.seconds} s)`);
  console.log(`  pass 2  ${int(second.eventsPerSecond).padStart(9)} events/s  (${int(second.events)} events, ${second.pages} pages, ${second.seconds} s)`);

  writeResult('event-store', {
    eventDataBytes: dataBytes,
    eventMetadataBytes: metaBytes,
    phaseSeconds: PHASE_MS / 1000,
    appends,
    readAll: { pageSize: READ_ALL_PAGE, eventsInStore: have, pass1: first, pass2: second },
    postgres: await postgresSettings(database.url),
  });
} finally {
  await plainPool.end();
  await store.close();
  await database.drop();
}
