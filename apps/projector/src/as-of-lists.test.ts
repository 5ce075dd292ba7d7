/**
 * Any list as it stood (docs/as-of.md), as a property: random command sequences on jobs and locates
 * (fields, archive, delete; several events at one moment), projected live in small batches; then for
 * random instants (event times, between them, before and after) and a random filter, sort, search and
 * page, the engine's as-of page equals the page of the fold of every record at that instant, written
 * as a list table of its own and read by the same engine (so filtered and sorted the same way).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggregateDef, fold, type AnyState } from '@trenchline/domain';
import { createDb, listDef, addList, matchingRows, countMatching, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, streamName, type EventStore } from '@trenchline/event-store';
import { projected, silentPublisher } from '@trenchline/platform';
import { startProjector } from './projector.ts';
import { projections as allProjections } from './registry.ts';
import { commandWriter } from './shared/testing.ts';

const projections = allProjections().filter((p) => p.name === 'jobs_list' || p.name === 'locates_list');
const names = projections.map((p) => p.name);

let database: TestDatabase;
let store: EventStore;
let db: Db;
let projector: Awaited<ReturnType<typeof startProjector>>;
const removeFolds: (() => void)[] = [];

interface Subject {
  list: string;
  aggregate: string;
  create(id: string, word: string): Record<string, unknown>;
  revise(word: string): Record<string, unknown>;
  archive(archived: boolean): Record<string, unknown>;
  remove: Record<string, unknown>;
  /** Filters and sorts tried (each list's own). */
  filters: Record<string, unknown>[];
  orderings: string[];
}

const subjects: Subject[] = [
  {
    list: 'jobs',
    aggregate: 'job',
    create: (jobId, w) => ({ type: 'CreateJob', jobId, values: { form_type: 'base', title: `Job ${w}`, customer: w, completion_date: `2026-12-${String(1 + (w.length % 28)).padStart(2, '0')}` } }),
    revise: (w) => ({ type: 'ReviseJob', values: { title: `Job ${w}`, city: w, job_summary: w } }),
    archive: (archived) => ({ type: 'ReviseJob', values: { archived } }),
    remove: { type: 'DeleteJob' },
    filters: [{}, { active: true, archived: true }, { active: false, archived: true }],
    orderings: ['job_days_left', '-job_days_left', 'title', '-title', 'customer', 'id', '-id'],
  },
  {
    list: 'locates',
    aggregate: 'locate',
    create: (locateId, w) => ({ type: 'CreateLocate', locateId, values: { form_type: 'base_locate', current_ticket_number: `T ${w}`, current_date_submitted: '2026-11-02' } }),
    revise: (w) => ({ type: 'ReviseLocate', values: { current_alt_ticket_number: w, current_date_submitted: `2026-11-${String(10 + (w.length % 9)).padStart(2, '0')}` } }),
    archive: (archived) => ({ type: 'ReviseLocate', values: { archived } }),
    remove: { type: 'DeleteLocate' },
    filters: [{}, { active: true, archived: true }, { locate_status: 'Active' }],
    orderings: ['locate_days_left', 'current_ticket_number', '-current_alt_ticket_number', 'current_date_submitted', 'id'],
  },
];

/** The fold's own list table of each list: the live table's shape, read through a copy of the list's declaration. */
const foldTable = (s: Subject) => `fold_${listDef(s.list).table}`;

beforeAll(async () => {
  database = await createTestDatabase('projector_as_of');
  store = createEventStore({ url: database.url });
  db = createDb(database.url);
  // Small batches: a record's events split across batches anywhere.
  projector = await startProjector({ store, db, databaseUrl: database.url, live: silentPublisher, batchSize: 7, projections });
  for (const s of subjects) {
    const d = listDef(s.list);
    await db.raw('create table ?? (like ?? including all)', [foldTable(s), d.table]);
    // The same declaration over the fold's table; the job list's locate warning (other records' history) is left out.
    removeFolds.push(addList({ ...d, name: `fold_${s.list}`, table: foldTable(s), annotate: s.list === 'jobs' ? undefined : d.annotate }));
  }
}, 60_000);

afterAll(async () => {
  for (const remove of removeFolds) remove();
  await projector?.stop();
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

type Step = { record: number; kind: 'revise' | 'archive' | 'delete' | 'several'; words: string[]; archived: boolean };
const word = fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom(...'abcde xyz19'.split('')) });
const stepArb = fc.record({
  record: fc.nat(5),
  kind: fc.constantFrom('revise', 'revise', 'archive', 'delete', 'several') as fc.Arbitrary<Step['kind']>,
  words: fc.array(word, { minLength: 1, maxLength: 4 }),
  archived: fc.boolean(),
});
const query = fc.record({ filter: fc.nat(2), ordering: fc.nat(6), q: fc.option(fc.constantFrom('a', 'x', 'job b', '1', 't'), { nil: undefined }), page: fc.integer({ min: 1, max: 3 }), pageSize: fc.integer({ min: 1, max: 4 }) });

let runs = 0;

/** Each record's row as the list projection makes it, from its events up to `asOf`. */
async function foldRows(s: Subject, ids: string[], asOf: string, today: string) {
  const def = aggregateDef(s.aggregate);
  const d = listDef(s.list);
  const { columns, search } = projected(d);
  const rows: Record<string, unknown>[] = [];
  for (const id of ids) {
    const events = (await store.readStream(streamName(s.aggregate, id))).filter((e) => Date.parse(e.meta.at) <= Date.parse(asOf));
    if (!events.length) continue;
    const state = fold(def.decider, events.map((e) => ({ type: e.type, data: e.data, meta: { ...e.meta, version: e.version } }))) as AnyState & { id?: string; deleted?: boolean };
    const last = events[events.length - 1];
    const deleted = !state.id || Boolean(state.deleted);
    const view = deleted ? { id } : def.view(state, today);
    rows.push({
      account_id: last.meta.accountId,
      id,
      version: last.version,
      position: last.position,
      archived: Boolean(view.archived),
      deleted,
      search: deleted ? '' : search(view).filter((v) => v !== null && v !== undefined && v !== '').join(' ').toLowerCase(),
      state: JSON.stringify(state),
      view: JSON.stringify(view),
      updated_at: last.meta.at,
      ...columns(deleted ? {} : view),
    });
  }
  await db(foldTable(s)).delete();
  if (rows.length) await db(foldTable(s)).insert(rows);
}

describe('a list as of any instant', () => {
  for (const s of subjects) {
    it(`given random ${s.aggregate} command sequences, then the ${s.list} list as of random instants, filtered, sorted, searched and paged, equals the fold of every record then`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(word, { minLength: 2, maxLength: 6 }), fc.array(stepArb, { minLength: 3, maxLength: 25 }), fc.array(fc.double({ min: -0.1, max: 1.1, noNaN: true }), { minLength: 3, maxLength: 3 }), fc.array(query, { minLength: 3, maxLength: 3 }), async (names0, steps, instants, queries) => {
          runs++;
          const accountId = String(1000 + runs + (s.list === 'jobs' ? 0 : 5000));
          const start = Date.UTC(2026, 9, 1) + runs * 10_000_000;
          const writer = commandWriter(store, { accountId, start });
          const ids = names0.map((_, i) => String(Number(accountId) * 100 + i));
          const gone = new Set<string>();
          const times: number[] = [];
          for (const [i, id] of ids.entries()) await writer.run(s.aggregate, id, s.create(id, names0[i]));
          for (const st of steps) {
            const id = ids[st.record % ids.length];
            if (gone.has(id)) continue;
            if (st.kind === 'delete') gone.add(id);
            const commands = st.kind === 'delete' ? [s.remove] : st.kind === 'archive' ? [s.archive(st.archived)] : st.kind === 'several' ? st.words.map(s.revise) : [s.revise(st.words[0])];
            for (const c of commands) await writer.run(s.aggregate, id, c);
          }
          await writer.caughtUp(db, names);
          for (const id of ids) for (const e of await store.readStream(streamName(s.aggregate, id))) times.push(Date.parse(e.meta.at));
          times.sort((a, b) => a - b);
          const first = times[0];
          const last = times[times.length - 1];
          const today = new Date().toISOString().slice(0, 10);
          // Random instants between and around, and an event's own time (a boundary).
          const chosen = [...instants.map((x) => new Date(first + x * (last - first)).toISOString()), new Date(times[Math.floor(times.length / 2)]).toISOString()];
          for (const [k, asOf] of chosen.entries()) {
            await foldRows(s, ids, asOf, today);
            const q = queries[k % queries.length];
            const filter = { ...s.filters[q.filter % s.filters.length], ...(q.q ? { q: q.q } : {}) };
            const ordering = s.orderings[q.ordering % s.orderings.length];
            const opts = { today: asOf.slice(0, 10), ordering, page: q.page, pageSize: q.pageSize };
            const [asOfPage, foldPage] = await Promise.all([matchingRows(db, s.list, accountId, filter, { ...opts, asOf }), matchingRows(db, `fold_${s.list}`, accountId, filter, opts)]);
            const withoutWarning = (rows: Record<string, unknown>[]) => rows.map(({ locate_warning: _w, ...r }) => r);
            expect(withoutWarning(asOfPage), `${s.list} as of ${asOf} ${ordering} ${JSON.stringify(filter)}`).toEqual(withoutWarning(foldPage));
            expect(await countMatching(db, s.list, accountId, filter, { today: opts.today, asOf })).toBe(await countMatching(db, `fold_${s.list}`, accountId, filter, opts));
            // The whole list unpaged too.
            const all = await matchingRows(db, s.list, accountId, filter, { today: opts.today, ordering, asOf });
            expect(withoutWarning(all)).toEqual(withoutWarning(await matchingRows(db, `fold_${s.list}`, accountId, filter, { today: opts.today, ordering })));
          }
        }),
        { numRuns: 12 },
      );
    }, 240_000);
  }
});

describe('what the history keeps', () => {
  it('given records projected with history, then their history rows keep no fold state (migration 032) while the live rows keep theirs', async () => {
    const writer = commandWriter(store, { accountId: '990001', start: Date.UTC(2026, 10, 1) });
    await writer.run('job', '99000101', subjects[0].create('99000101', 'kept'));
    await writer.run('job', '99000101', subjects[0].revise('again'));
    await writer.caughtUp(db, names);
    const count = async (sql: string) => Number((await db.raw(sql)).rows[0].n);
    expect(await count(`select count(*) as n from jobs_history where id = 99000101`)).toBe(2);
    expect(await count(`select count(*) as n from jobs_history where state is not null`)).toBe(0);
    expect(await count(`select count(*) as n from jobs where id = 99000101 and state is not null`)).toBe(1);
  });
});
