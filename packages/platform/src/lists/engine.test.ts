/**
 * The list engine against Postgres (a migrated database of its own): filters, every sort key both
 * ways, search, pages and their boundaries, ties, a row changing while paging, and the id batches of
 * bulk actions. Rows go straight into the read model with the columns the declaration computes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { countMatching, jobsList as jobs, listDefs, listFilterSchema, matchingIds, matchingRows } from '@trenchline/read-model/lists.ts';
import { columnsOf, type View } from './define.ts';
import { expectedOrder as expected, rowOf } from './test-rows.ts';
import { BadOrdering } from './engine.ts';

let database: TestDatabase;
let db: Knex;
const ACCOUNT = '1';
const OTHER = '2';
const today = '2026-11-24';
let nextId = 1000;

beforeAll(async () => {
  database = await createTestDatabase('platform_list_engine');
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 3 } });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});
beforeEach(async () => {
  await db('jobs').del();
  await db('bids').del();
});

/** A list table, untyped (rows here are built from views, as the projector builds them). */
const table = (name: string) => db<Record<string, unknown>>(name as 'list');

async function addJob(fields: View = {}, o: { account?: string; archived?: boolean; deleted?: boolean } = {}) {
  const id = String(nextId++);
  const view = { id, created_at: '2026-01-01T00:00:00Z', archived: o.archived ?? false, ...fields };
  await table('jobs').insert(rowOf(jobs, view, { account: ACCOUNT, ...o }));
  return id;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const all = (filter: object = {}, ordering?: string, name = 'jobs') => matchingRows(db, name, ACCOUNT, filter, { today, ordering });

describe('filters', () => {
  it('given active, archived, deleted and another account\'s jobs, when listed with each toggle, then only the account\'s live ones of those toggles', async () => {
    const active = await addJob({ title: 'Active' });
    const archived = await addJob({ title: 'Archived' }, { archived: true });
    await addJob({ title: 'Deleted' }, { deleted: true });
    await addJob({ title: 'Theirs' }, { account: OTHER });
    expect(ids(await all())).toEqual([active]);
    expect(ids(await all({ active: 'f', archived: 't' }))).toEqual([archived]);
    expect(ids(await all({ active: 't', archived: 't' }, 'id')).sort()).toEqual([active, archived]);
    expect(await all({ active: 'f', archived: 'f' })).toEqual([]);
    expect(await countMatching(db, 'jobs', ACCOUNT, { active: true, archived: true }, { today })).toBe(2);
  });

  it('given jobs spread in time, when a range is given, then a job is in it when its span overlaps it; live_and_future drops the end', async () => {
    const before = await addJob({ start_date: '2026-01-01', completion_date: '2026-01-31' });
    const overlapping = await addJob({ start_date: '2026-02-20', completion_date: '2026-03-10' });
    const undated = await addJob({ created_at: '2026-02-15T08:00:00Z' });
    const after = await addJob({ start_date: '2026-05-01', completion_date: '2026-05-31' });
    const range = { start_date: '2026-03-01', end_date: '2026-03-31' };
    expect(ids(await all(range, 'id'))).toEqual([overlapping, undated]);
    expect(ids(await all({ start_date: '2026-03-01', stop_date: '2026-03-31' }, 'id'))).toEqual([overlapping, undated]);
    expect(ids(await all({ ...range, live_and_future: 't' }, 'id'))).toEqual([overlapping, undated, after]);
    expect(ids(await all({}, 'id'))).toEqual([before, overlapping, undated, after]);
  });

  it('given an ORCA job and others, when the all-other-jobs list is read, then the ORCA job is left out; form_type picks one form', async () => {
    const base = await addJob({ form_type: 'base' });
    await addJob({ form_type: 'attorca' });
    const none = await addJob({});
    expect(ids(await all({}, 'id', 'all_other_jobs'))).toEqual([base, none]);
    expect(await countMatching(db, 'all_other_jobs', ACCOUNT, {}, { today })).toBe(2);
    expect(ids(await all({ form_type: 'base' }, 'id'))).toEqual([base]);
    expect(() => listFilterSchema('jobs').parse({ form_type: 'nope' })).toThrow();
  });

  it('given bids of two markets, active and archived, when filtered by market and archived, then only those', async () => {
    const add = async (market: string, archived: boolean) => {
      const id = String(nextId++);
      await table('bids').insert(rowOf(listDefs.bids, { id, market, archived }, { account: ACCOUNT, archived }));
      return id;
    };
    const a = await add('A', false);
    await add('B', false);
    const archivedA = await add('A', true);
    expect(ids(await all({ market: 'A' }, undefined, 'bids'))).toEqual([a]);
    expect(ids(await all({ market: 'A', archived: 't' }, undefined, 'bids'))).toEqual([archivedA]);
  });
});

describe('search', () => {
  it('given jobs, when q has words, then every word must appear (any case, any searched column), and % and _ stand for themselves', async () => {
    const highway = await addJob({ title: 'Bore under Highway 75', customer: 'Lumen' });
    const both = await addJob({ title: 'Highway aerial', customer: 'AT&T', coordinator: 'Dana' });
    const done = await addJob({ title: '100% done_now' });
    expect(ids(await all({ q: 'HIGHWAY' }, 'id'))).toEqual([highway, both]);
    expect(ids(await all({ q: 'highway  dana' }))).toEqual([both]);
    expect(ids(await all({ q: 'lumen 75' }))).toEqual([highway]);
    expect(await all({ q: '0%d' })).toEqual([]);
    expect(await all({ q: 'r_h' })).toEqual([]);
    expect(ids(await all({ q: 'e_n 0%' }))).toEqual([done]);
    expect(await all({ q: 'highway nowhere' })).toEqual([]);
    expect(await countMatching(db, 'jobs', ACCOUNT, { q: 'highway' }, { today })).toBe(2);
  });
});

describe('ordering', () => {
  it('given jobs with ties and blanks in every column, when ordered by each sort key either way, then by its column, nulls last, ties by id ascending', async () => {
    const customers = ['AT&T', 'Lumen', null, 'Fiberlight'];
    const stored: View[] = [];
    for (let i = 0; i < 24; i++) {
      const fields: View = {
        account_job_number: i % 7 === 0 ? null : String(100 + (i % 9)),
        job_number: `J-${i % 5}`,
        title: `Job ${i % 6}`,
        customer: customers[i % 4],
        form_type: i % 3 ? 'base' : 'attorca',
        work_status: ['New', 'Current', null][i % 3],
        coordinator: i % 2 ? 'Dana' : null,
        crew_string: i % 4 ? 'Bore Crew A' : '',
        po_job_number: i % 5 ? `PO-${i % 3}` : null,
        start_date: i % 6 ? `2026-0${1 + (i % 5)}-01` : null,
        completion_date: i % 5 ? `2026-0${1 + (i % 4)}-1${i % 3}` : null,
        total_job: i % 8 ? (i % 4) * 1000.5 : null,
        total_job_invoiced_actual: (i % 3) * 10,
        total_gross_profit: i % 2 ? -(i % 3) : null,
        segment_rollups: Array.from({ length: i % 3 }, () => ({})),
        segment_plan_feet: i % 4 ? (i % 2) * 100 : null,
        segment_total_feet: i % 3,
        segment_percent_complete: i % 6 ? (i % 4) * 25 : null,
      };
      const id = await addJob(fields);
      stored.push({ id, ...columnsOf(jobs, { id, ...fields }) });
    }
    for (const [key, column] of Object.entries(jobs.sorts)) {
      const withColumn = stored.map((r) => ({ ...r, [column]: column === 'id' ? Number(r.id) : r[column] }));
      expect(ids(await all({}, key)), key).toEqual(expected(withColumn, column, false));
      expect(ids(await all({}, `-${key}`)), `-${key}`).toEqual(expected(withColumn, column, true));
    }
  });

  it('given job numbers of different lengths and titles in both cases, when ordered by them, then numbers by value and case after the letter', async () => {
    const n99 = await addJob({ account_job_number: '99', title: 'beta' });
    const n100 = await addJob({ account_job_number: '100', title: 'Alpha' });
    const n9 = await addJob({ account_job_number: '9', title: 'Job 10' });
    const n10 = await addJob({ account_job_number: '10', title: 'Job 9' });
    expect(ids(await all({}, 'account_job_number'))).toEqual([n9, n10, n99, n100]);
    expect(ids(await all({}, 'title'))).toEqual([n100, n99, n10, n9]);
    // Look-ups stay exact: '099' is not '99'.
    expect(await db('jobs').where({ account_job_number: '099' }).count<{ count: string }[]>()).toEqual([{ count: '0' }]);
  });

  it('given no ordering, when listed, then the list\'s default (soonest completion first, undated last)', async () => {
    const late = await addJob({ completion_date: '2026-12-31' });
    const undated = await addJob({});
    const soon = await addJob({ completion_date: '2026-11-30' });
    expect(ids(await all())).toEqual([soon, late, undated]);
    expect((await all())[0]).toMatchObject({ job_days_left: 6, version: 1 });
  });

  it('given an ordering the list does not declare, when listed, then it is refused', async () => {
    await expect(all({}, 'state')).rejects.toBeInstanceOf(BadOrdering);
    await expect(all({}, '-constructor')).rejects.toBeInstanceOf(BadOrdering);
  });
});

describe('pages', () => {
  it('given 23 jobs of few distinct customers, when read 5 at a time in either direction, then the pages are the whole list in order, no row twice or missing, and past the end is empty', async () => {
    for (let i = 0; i < 23; i++) await addJob({ customer: ['AT&T', 'Lumen', null][i % 3], title: `Job ${i}` });
    for (const ordering of ['customer', '-customer', 'title']) {
      const whole = ids(await all({}, ordering));
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const rows = await matchingRows(db, 'jobs', ACCOUNT, {}, { today, ordering, page, pageSize: 5 });
        expect(rows.length).toBe(page < 5 ? 5 : 3);
        paged.push(...ids(rows));
      }
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(23);
      expect(await matchingRows(db, 'jobs', ACCOUNT, {}, { today, ordering, page: 6, pageSize: 5 })).toEqual([]);
    }
    expect(await countMatching(db, 'jobs', ACCOUNT, {}, { today })).toBe(23);
  });

  it('given a row of page 3 moving to the front while a client pages, when the next page is read, then it is read at its new place and no unchanged row is lost', async () => {
    const made: string[] = [];
    for (let i = 0; i < 15; i++) made.push(await addJob({ title: `Job ${String(i).padStart(2, '0')}` }));
    const page = (n: number) => matchingRows(db, 'jobs', ACCOUNT, {}, { today, ordering: 'title', page: n, pageSize: 5 });
    const first = ids(await page(1));
    expect(first).toEqual(made.slice(0, 5));
    const moved = made[12];
    await table('jobs').where({ id: moved }).update(rowOf(jobs, { id: moved, title: 'Job -first' }, { account: ACCOUNT }));
    const second = ids(await page(2));
    const third = ids(await page(3));
    // The row that moved pushes the last one of page 1 onto page 2: offset pages shift, they do not lose.
    expect(second).toEqual([made[4], ...made.slice(5, 9)]);
    expect(new Set([...first, ...second, ...third])).toEqual(new Set(made.filter((id) => id !== moved)));
    expect(ids(await page(1))[0]).toBe(moved);
    expect((await page(1))[0].title).toBe('Job -first');
  });

  it('given a page size, when only some columns are asked for, then rows carry those with id and version', async () => {
    await addJob({ title: 'Job', customer: 'Lumen' });
    const [row] = await matchingRows(db, 'jobs', ACCOUNT, {}, { today, page: 1, pageSize: 1, columns: ['title'] });
    expect(row).toEqual({ title: 'Job', id: expect.any(String), version: 1 });
  });
});

describe('matching ids for bulk actions', () => {
  it('given 25 matching jobs, when their ids are read in batches of 10 less some, then each once, in id order', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push(await addJob({ customer: 'Lumen' }));
    await addJob({ customer: 'AT&T' });
    const batches: string[][] = [];
    for await (const b of matchingIds(db, 'jobs', ACCOUNT, { q: 'lumen' }, { today, except: [made[3], made[20]], batchSize: 10 })) batches.push(b);
    expect(batches.map((b) => b.length)).toEqual([9, 10, 4]);
    expect(batches.flat()).toEqual(made.filter((id) => id !== made[3] && id !== made[20]));
  });

  it('given a row leaving the filter while the batches are read, then no row is given twice and the rows still matching are all given', async () => {
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push(await addJob({ customer: 'Lumen' }));
    const seen: string[] = [];
    for await (const b of matchingIds(db, 'jobs', ACCOUNT, { q: 'lumen' }, { today, batchSize: 5 })) {
      // Archiving as a bulk action does: the archived rows leave the (active) filter.
      if (!seen.length) await db('jobs').whereIn('id', b).update({ archived: true });
      seen.push(...b);
    }
    expect(seen).toEqual(made);
  });
});

describe('declarations', () => {
  it('given view values of every kind, when a row\'s columns are computed, then ids keep every digit, texts are cut to 500, blanks are null, numbers and dates are typed', () => {
    const c = columnsOf(jobs, { bid_ref: '123456789012345678', title: 'x'.repeat(600), customer: '', total_job: '12.5', completion_date: '2026-11-30', start_date: 'soon', segment_rollups: [{}, {}] });
    expect(c).toMatchObject({ bid_ref: '123456789012345678', customer: null, total_job: 12.5, completion_date: '2026-11-30', start_date: null, segment_count: 2 });
    expect(String(c.title).length).toBe(500);
    expect(Object.values(columnsOf(jobs, {})).every((v) => v === null)).toBe(true);
  });
});
