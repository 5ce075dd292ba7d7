/**
 * Replay rate: how fast the projections of the registry rebuild their read models from the first event
 * (apps/projector replayProjections: fresh `__replay` tables, then the swap), over 200,000 events.
 *
 * The store of a fresh test database is filled through the command handler: BIDS bids, each one
 * stream of EVENTS_PER_BID events decided by the bid decider and appended together (so they are
 * exactly what the API would write and the projections fold them): BidCreated, 4 x BidItemAdded,
 * BidCustomerDataAdded, 2 x BidNoteAdded, BidItemRevised, BidRevised. Deciding costs ~0.1 ms per line
 * command (zod), which the fill's figure includes and the replay's do not.
 * Then, in the same run: reading $all alone (what the replay's reads cost, its ceiling), each
 * projection replayed on its own in turn (each reads the whole of $all: the baseline), and all of them
 * replayed together (one pass). events/s is counted over the events in the store.
 * Last, a shadow rebuild (bench/src/shadow-rebuild.ts): every projection bumped a version under a live
 * projector, its rate beside the replay's, and a list page's p99 during it beside the same page without it.
 *
 *   npx tsx bench/src/replay.ts
 */
import type { BidCommand } from '@trenchline/domain';
import { createEventStore, type EventStore, type RecordedEvent } from '@trenchline/event-store';
import { commandHandler } from '@trenchline/platform';
import { createDb } from '@trenchline/read-model';
import { createTestDatabase } from '@trenchline/read-model/testing.ts';
import { projections as allProjections, replayProjection, replayProjections, REPLAY_BATCH_SIZE } from '@trenchline/projector';

const projections = allProjections();
import { banner, writeResult } from './common.ts';
import { int, line, ms, perSecond } from './stats.ts';
import { measureShadowRebuild } from './shadow-rebuild.ts';

const BIDS = Number(process.env.BENCH_BIDS ?? 20_000);
const EVENTS_PER_BID = 10;
const FILL_WRITERS = 8;
const ACCOUNT_ID = '1';

const MARKETS = ['A', 'B', 'N', 'P', 'SW'] as const;
const REGIONS = ['SW', 'AM', 'BL', 'CP', 'LS', 'MB', 'NT', 'PB'] as const;
const CITIES = ['Springfield', 'Shelbyville', 'Ogdenville', 'North Haverbrook', 'Brockway', 'Capital City'];
const AREAS = ['North loop', 'South feeder', 'East lateral', 'West backbone'];

let nextId = 10_000_000; // record ids: bids and their lines share one sequence, as in the app
/** Bids vary over this many sets of values. */
const TEMPLATES = 50;

/** Bid number `n`'s commands, in the order a user would give them (one event each). */
function bidCommands(n: number): { bidId: string; commands: BidCommand[] } {
  const t = n % TEMPLATES;
  const newId = () => String(nextId++);
  const city = CITIES[t % CITIES.length];
  const bidId = newId();
  const commands: BidCommand[] = [];
  commands.push({
    type: 'CreateBid',
    bidId,
    values: {
      work_request: `WR-${n}`,
      supplier_code: `SC-${3000 + t}`,
      coordinator: 'Dana Whitfield',
      phone_1: '(555) 010-2233',
      description: `Bore and place 1.25" HDPE, ${100 + t * 17} ft, ${city}`,
      location: `${100 + t * 31} Old Mill Rd`,
      city,
      county: 'Greene',
      crossroads: 'Old Mill Rd & County Line Rd',
      bid_due_date: `2025-${String(1 + (t % 12)).padStart(2, '0')}-${String(1 + (t % 28)).padStart(2, '0')}`,
      request_start: '2025-06-01',
      market: MARKETS[t % MARKETS.length],
      region: REGIONS[t % REGIONS.length],
      division: 'BAU',
    },
  });
  const items: string[] = [];
  for (let k = 0; k < 4; k++) {
    const lineId = newId();
    items.push(lineId);
    commands.push({
      type: 'AddLine',
      collection: 'bid_items',
      lineId,
      values: { item: `Item ${k + 1}: ${AREAS[k]}`, job_number: `J-${n}-${k}`, geographic_location: `${AREAS[k]}, ${city}`, bid_area: AREAS[k], bid_percent: 25, frc: `FRC-${k}`, vd: `VD-${t}` },
    });
  }
  commands.push({
    type: 'AddLine',
    collection: 'bid_customer_data',
    lineId: newId(),
    values: { customer: 'Lumen Fiber', job_ref: `LF-${n}`, contact_name: 'Sam Ortiz', contact_phone: '(555) 010-9876', contact_email: 'sam.ortiz@example.com' },
  });
  commands.push({ type: 'AddLine', collection: 'bid_notes', lineId: newId(), values: { note: 'Walked the route; two driveway crossings need a bore.', note_status: 'Note' } });
  commands.push({ type: 'AddLine', collection: 'bid_notes', lineId: newId(), values: { note: 'Asked the customer about restoration specs.', note_status: 'Open Question' } });
  commands.push({ type: 'ReviseLine', collection: 'bid_items', lineId: items[0], values: { bid_percent: 40, modified_from_bid_sheet: true } });
  commands.push({ type: 'ReviseBid', values: { our_status: 'Submitted', description: `Bore and place 1.25" HDPE, revised after the walk, ${city}` } });
  return { bidId, commands };
}

/** Every bid through the command handler: its commands decided in turn and appended together, a second apart. */
async function fill(store: EventStore) {
  const typeCounts = new Map<string, number>();
  const writer = { accountId: ACCOUNT_ID, userId: '1', userName: 'Bench Estimator' };
  let made = 0;
  let events = 0;
  await Promise.all(
    Array.from({ length: FILL_WRITERS }, async () => {
      while (made < BIDS) {
        const n = made++;
        const { bidId, commands } = bidCommands(n);
        let at = Date.UTC(2025, 0, 1) + n * 60_000 - 1000;
        const r = await commandHandler({ store, now: () => new Date((at += 1000)) }).execute(writer, 'bid', bidId, commands, { create: true });
        if (r.events.length !== EVENTS_PER_BID) throw new Error(`bid ${n} has ${r.events.length} events, expected ${EVENTS_PER_BID}`);
        for (const e of r.events) typeCounts.set(e.type, (typeCounts.get(e.type) ?? 0) + 1);
        events += r.events.length;
      }
    }),
  );
  return { events, typeCounts };
}

const database = await createTestDatabase('bench_replay');
const store = createEventStore({ url: database.url });
const db = createDb(database.url);
try {
  banner('replay', `replayProjection of every registered projection over ${int(BIDS * EVENTS_PER_BID)} bid events (${BIDS} bids x ${EVENTS_PER_BID})`);
  const fillStart = performance.now();
  const filled = await fill(store);
  const fillMs = performance.now() - fillStart;
  await db.raw('vacuum analyze events');
  console.log(`filled ${int(filled.events)} events in ${ms(fillMs)} (${int(perSecond(filled.events, fillMs))} events/s, ${FILL_WRITERS} writers, one append per bid)`);
  console.log(`event types: ${[...filled.typeCounts].map(([t, c]) => `${t} ${int(c)}`).join(', ')}\n`);

  // $all holds events back while any older transaction on the server runs: wait until all are readable.
  const last = await store.lastPosition();
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const head = await store.headPosition();
    if (head && last && store.comparePositions(head, last) >= 0) break;
  }
  // $all alone, in the replay's page size: the floor under any replay's time.
  const readStart = performance.now();
  let read = 0;
  for (let position: string | null = null; ; ) {
    const page: RecordedEvent[] = await store.readAll({ fromPosition: position, limit: REPLAY_BATCH_SIZE });
    if (!page.length) break;
    read += page.length;
    position = page[page.length - 1].position;
  }
  const readMs = performance.now() - readStart;
  console.log(`$all read alone      ${int(perSecond(read, readMs)).padStart(7)} events/s   ${int(read)} events in ${(readMs / 1000).toFixed(1)} s, pages of ${REPLAY_BATCH_SIZE}\n`);

  const results: Record<string, unknown> = {};
  let totalMs = 0;
  for (const p of projections) {
    // The stream prefix is all handles() looks at besides the type: every stream here is a bid's.
    let handled = 0;
    for (const [type, count] of filled.typeCounts) if (p.handles({ streamId: 'bid-1', type } as RecordedEvent)) handled += count;
    const t0 = performance.now();
    const r = await replayProjection(p, store, db);
    const elapsed = performance.now() - t0;
    totalMs += elapsed;
    const counted = await db(p.tables[0]).count({ rows: '*' }).first();
    const rows = Number(counted?.rows ?? 0);
    results[p.name] = { events: r.events, handled, seconds: Math.round(elapsed) / 1000, eventsPerSecond: perSecond(r.events, elapsed), handledPerSecond: perSecond(handled, elapsed), rows };
    console.log(
      `${p.name.padEnd(20)} ${int(perSecond(r.events, elapsed)).padStart(7)} events/s   ${int(r.events)} events read, ${int(handled)} handled (${int(perSecond(handled, elapsed))}/s), ${(elapsed / 1000).toFixed(1)} s, ${int(rows)} rows in ${p.tables[0]}`,
    );
  }
  const eventsInStore = filled.events;
  const oneAtATime = perSecond(eventsInStore, totalMs);
  console.log(`one at a time: ${projections.length} projections in ${(totalMs / 1000).toFixed(1)} s = ${int(oneAtATime)} events/s (the baseline: each reads all of $all)`);

  const togetherStart = performance.now();
  await replayProjections(projections, store, db);
  const togetherMs = performance.now() - togetherStart;
  const together = perSecond(eventsInStore, togetherMs);
  // The rebuilt read models hold what the events say (a fold check, not a timing).
  const sample = await db('bids').orderBy('id').first('view', 'version');
  const v: Record<string, unknown> = sample?.view ?? {};
  console.log(`\nsample bid ${v.id}: version ${sample?.version}, our_status ${v.our_status}, bid_percent_total ${v.bid_percent_total}, items "${v.itemString}"`);
  console.log(
    `all ${projections.length} projections together: ${(togetherMs / 1000).toFixed(1)} s for ${int(eventsInStore)} events = ${int(together)} events/s` +
      ` (one at a time ${int(oneAtATime)} events/s, $all read alone ${int(perSecond(read, readMs))} events/s; goal 30,000)`,
  );

  const shadow = await measureShadowRebuild({ store, db, databaseUrl: database.url, accountId: ACCOUNT_ID, events: eventsInStore, version: 2 });
  console.log(
    `\nshadow rebuild of all ${shadow.projections} projections beside a live projector: ${shadow.seconds.toFixed(1)} s for ${int(eventsInStore)} events = ${int(shadow.eventsPerSecond)} events/s` +
      ` (replay together ${int(together)} events/s)`,
  );
  console.log(`  bids list page 1 + count, no rebuild      ${line(shadow.pageWithout)}`);
  console.log(`  bids list page 1 + count, during rebuild  ${line(shadow.pageDuring)}   (p99 ${(shadow.pageDuring.p99 / shadow.pageWithout.p99).toFixed(2)}x without)`);

  writeResult('replay', {
    bids: BIDS,
    eventsPerBid: EVENTS_PER_BID,
    eventsInStore,
    eventTypes: Object.fromEntries(filled.typeCounts),
    fill: { seconds: Math.round(fillMs) / 1000, eventsPerSecond: perSecond(filled.events, fillMs), writers: FILL_WRITERS },
    projections: results,
    readAllAlone: { seconds: Math.round(readMs) / 1000, eventsPerSecond: perSecond(read, readMs), pageSize: REPLAY_BATCH_SIZE },
    oneAtATime: { seconds: Math.round(totalMs) / 1000, eventsPerSecond: oneAtATime },
    total: { seconds: Math.round(togetherMs) / 1000, eventsPerSecond: together },
    shadowRebuild: shadow,
  });
} finally {
  await store.close();
  await db.destroy();
  await database.drop();
}
