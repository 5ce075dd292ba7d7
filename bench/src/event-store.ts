/**
 * Event-store write and read rates (Postgres adapter) on a fresh test database.
 *
 * Appends: each append is one ~500 B JSON event to a stream of its own (a new stream, expected
 * version NO_STREAM, so the version check runs), with 1 writer and with 8 concurrent writers. Beside
 * them, in the same run and with the same concurrency, plain INSERTs of the same rows into a bare table
 * with the same columns and nothing but a bigserial primary key (one autocommit statement per row), as
 * the driver sends them by default (unnamed: parsed and planned each time) and prepared: the ratios are
 * what the store's guarantees cost. The three alternate in short rounds (the order reversed every other
 * round), so other load on the machine moves them alike.
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

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 8_000); // measured time of each kind of write, over all rounds
const ROUNDS = 4; // each kind runs PHASE_MS / ROUNDS per round
const WARMUP_MS = 1_000; // unmeasured time before the first round
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

type Op = (i: number) => Promise<unknown>;

/** `writers` loops calling `op` back to back for `durationMs`; returns how many calls finished. */
async function runFor(writers: number, op: Op, durationMs: number, latencies: number[] | null): Promise<number> {
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
}

/** Every op warmed up, then ROUNDS rounds of PHASE_MS / ROUNDS each, the order reversed every other round. */
async function interleaved(writers: number, ops: Op[]): Promise<PhaseResult[]> {
  for (const op of ops) await runFor(writers, op, WARMUP_MS, null);
  const counts = ops.map(() => 0);
  const elapsed = ops.map(() => 0);
  const latencies: number[][] = ops.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = ops.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      const t0 = performance.now();
      counts[i] += await runFor(writers, ops[i], PHASE_MS / ROUNDS, latencies[i]);
      elapsed[i] += performance.now() - t0;
    }
  }
  return ops.map((_, i) => ({
    writers,
    appends: counts[i],
    seconds: Math.round(elapsed[i]) / 1000,
    perSecond: perSecond(counts[i], elapsed[i]),
    latencyMs: summarize(latencies[i]),
  }));
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
  console.log(`phases: ${WARMUP_MS / 1000} s warm-up, then ${ROUNDS} interleaved rounds, ${PHASE_MS / 1000} s measured per kind, writers: ${CONCURRENCIES.join(' and ')}\n`);

  const appendOne = (i: number) => store.append(`benchappend-${i}`, [bidCreated(i)], { expectedVersion: NO_STREAM });
  const plainValues = (i: number) => {
    const e = bidCreated(i);
    return [randomUUID(), `benchplain-${i}`, 1, e.type, JSON.stringify(e.data), JSON.stringify(e.meta), '1'];
  };
  const insertOne = (i: number) => plainPool.query(PLAIN_INSERT_SQL, plainValues(i));
  const insertPrepared = (i: number) => plainPool.query({ name: 'bench_plain_insert', text: PLAIN_INSERT_SQL, values: plainValues(i) });

  const appends: Record<string, unknown> = {};
  const share = (a: PhaseResult, b: PhaseResult) => Math.round((a.perSecond / b.perSecond) * 1000) / 1000;
  for (const writers of CONCURRENCIES) {
    const [plain, prepared, stored] = await interleaved(writers, [insertOne, insertPrepared, appendOne]);
    const ratio = share(stored, plain);
    const ratioPrepared = share(stored, prepared);
    appends[`writers_${writers}`] = { eventStore: stored, plainInsert: plain, preparedPlainInsert: prepared, eventStoreToPlainRatio: ratio, eventStoreToPreparedPlainRatio: ratioPrepared };
    console.log(`${writers} writer${writers > 1 ? 's' : ' '}  event store     ${int(stored.perSecond).padStart(7)} appends/s   ${line(stored.latencyMs)}`);
    console.log(`           plain INSERT    ${int(plain.perSecond).padStart(7)} rows/s      ${line(plain.latencyMs)}`);
    console.log(`           prepared INSERT ${int(prepared.perSecond).padStart(7)} rows/s      ${line(prepared.latencyMs)}`);
    console.log(`           share of plain INSERT ${ratio.toFixed(2)}, of prepared plain INSERT ${ratioPrepared.toFixed(2)}\n`);
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
