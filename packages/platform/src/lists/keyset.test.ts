/**
 * Keyset pages of the list engine against Postgres (a migrated database of its own): following
 * `next` from page to page gives the offset order, every row once, whatever the ties, blanks and
 * column type; rows changing between pages are neither repeated nor make gaps; a cursor of another
 * list, ordering or time is refused; the list as of a moment pages the same; counts stop at a bound.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { addList, countMatching, countMatchingAbout, jobsList as jobs, matchingPage, matchingRows } from '@trenchline/read-model/lists.ts';
import { type View } from './define.ts';
import { BadCursor, encodeCursor } from './keyset.ts';
import { expectedOrder, rowOf } from './test-rows.ts';

let database: TestDatabase;
let db: Knex;
const ACCOUNT = '1';
const today = '2026-11-24';
let nextId = 5000;
// The job list with its last-changed instant sortable too: a timestamp column.
const BY_CHANGE = 'jobs_by_change';
let dropList: () => void;

beforeAll(async () => {
  database = await createTestDatabase('platform_list_keyset');
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 3 } });
  dropList = addList({ ...jobs, name: BY_CHANGE, sorts: { ...jobs.sorts, updated_at: 'updated_at' } });
});
afterAll(async () => {
  dropList?.();
  await db?.destroy();
  await database?.drop();
});
beforeEach(async () => {
  await db('jobs').del();
  await db('jobs_history').del();
});

const table = (name: string) => db<Record<string, unknown>>(name as 'list');

async function addJob(fields: View = {}, updatedAt = '2026-11-24T12:00:00Z') {
  const id = String(nextId++);
  await table('jobs').insert({ ...rowOf(jobs, { id, created_at: '2026-01-01T00:00:00Z', ...fields }, { account: ACCOUNT }), updated_at: updatedAt });
  return id;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** Every page of the list by following `next` from the first, `size` rows each. */
async function byCursor(o: { ordering: string; size: number; list?: string; asOf?: string }) {
  const pages: string[][] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await matchingPage(db, o.list ?? BY_CHANGE, ACCOUNT, {}, { today, ordering: o.ordering, pageSize: o.size, after, asOf: o.asOf });
    pages.push(ids(page.results));
    if (!page.next) return pages;
    after = page.next;
  }
  throw new Error('more than 100 pages');
}

describe('following next', () => {
  it('given 41 jobs with many ties and blanks in text, date, number and timestamp columns, when paged 6 at a time by cursor each way, then the pages are the offset order, every row once', async () => {
    const stored: View[] = [];
    for (let i = 0; i < 41; i++) {
      const fields: View = {
        customer: ['AT&T', 'Lumen', null, 'lumen 2'][i % 4],
        title: `Job ${i % 3 === 0 ? 10 : i % 5}`,
        completion_date: i % 4 ? `2026-0${1 + (i % 2)}-15` : null,
        total_job: i % 6 ? (i % 3) * 1000.25 : null,
      };
      // Microseconds apart or the same instant: the cursor keeps every digit of a timestamp.
      const at = `2026-11-24T12:00:00.00000${i % 3}Z`;
      const id = await addJob(fields, at);
      stored.push({ id, customer: fields.customer, title: fields.title, completion_date: fields.completion_date, total_job: fields.total_job, updated_at: at });
    }
    for (const column of ['customer', 'title', 'completion_date', 'total_job', 'updated_at', 'id'])
      for (const desc of [false, true]) {
        const ordering = `${desc ? '-' : ''}${column}`;
        const withId = stored.map((r) => ({ ...r, id: r.id, [column]: column === 'id' ? Number(r.id) : r[column] }));
        const offset = ids(await matchingRows(db, BY_CHANGE, ACCOUNT, {}, { today, ordering }));
        if (column !== 'updated_at') expect(offset, ordering).toEqual(expectedOrder(withId, column, desc));
        const pages = await byCursor({ ordering, size: 6 });
        expect(pages.flat(), ordering).toEqual(offset);
        expect(pages.map((p) => p.length), ordering).toEqual([6, 6, 6, 6, 6, 6, 5]);
      }
  });

  it('given as many rows as a page, when the page is read, then no next: next is decided by reading one more id, not by a count', async () => {
    for (let i = 0; i < 4; i++) await addJob({ customer: 'Lumen' });
    expect((await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'customer', pageSize: 4 })).next).toBeNull();
    const first = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'customer', pageSize: 3 });
    expect(first.next).toEqual(expect.any(String));
    const last = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'customer', pageSize: 3, after: first.next! });
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
  });

  it('given an offset page, when its next is followed, then the page after it (the offset page is a cursor\'s start too)', async () => {
    for (let i = 0; i < 12; i++) await addJob({ title: `Job ${i % 4}` });
    const page2 = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: '-title', page: 2, pageSize: 4 });
    const page3 = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: '-title', pageSize: 4, after: page2.next! });
    expect(ids(page3.results)).toEqual(ids(await matchingRows(db, 'jobs', ACCOUNT, {}, { today, ordering: '-title', page: 3, pageSize: 4 })));
  });
});

describe('rows changing between pages', () => {
  it('given a first page read, when a later row is edited to sort before the cursor, one of the next page is deleted and a new row sorts after the cursor, then nothing is repeated, no other row is lost and the new row shows', async () => {
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push(await addJob({ title: `Job ${String(i).padStart(2, '0')}` }));
    const first = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'title', pageSize: 4 });
    expect(ids(first.results)).toEqual(made.slice(0, 4));
    // Moved before the cursor: it was not seen and will not be (a cursor pages on from where it was).
    await table('jobs').where({ id: made[9] }).update({ title: 'Job -first' });
    await table('jobs').where({ id: made[5] }).del();
    const late = await addJob({ title: 'Job 06a' });
    const second = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'title', pageSize: 4, after: first.next! });
    const third = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'title', pageSize: 4, after: second.next! });
    expect(ids(second.results)).toEqual([made[4], made[6], late, made[7]]);
    expect(ids(third.results)).toEqual([made[8], made[10], made[11]]);
    expect(third.next).toBeNull();
  });

  it('given the cursor\'s own row deleted, when the next page is read, then it goes on after where that row was', async () => {
    const made: string[] = [];
    for (let i = 0; i < 6; i++) made.push(await addJob({ customer: i < 4 ? 'Lumen' : 'Zayo' }));
    const first = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'customer', pageSize: 3 });
    await table('jobs').where({ id: made[2] }).del();
    expect(ids((await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'customer', pageSize: 3, after: first.next! })).results)).toEqual(made.slice(3));
  });
});

describe('a cursor that is not this page\'s', () => {
  it('given a cursor of another ordering, another list, the other side of as_of, or garbage, when a page is read after it, then BadCursor', async () => {
    for (let i = 0; i < 3; i++) await addJob({ title: `Job ${i}` });
    const { next } = await matchingPage(db, 'jobs', ACCOUNT, {}, { today, ordering: 'title', pageSize: 1 });
    const after = (cursor: string, o: { ordering?: string; list?: string; asOf?: string } = {}) =>
      matchingPage(db, o.list ?? 'jobs', ACCOUNT, {}, { today, ordering: o.ordering ?? 'title', pageSize: 1, after: cursor, asOf: o.asOf });
    await expect(after(next!, { ordering: '-title' })).rejects.toBeInstanceOf(BadCursor);
    await expect(after(next!, { list: 'all_other_jobs' })).rejects.toBeInstanceOf(BadCursor);
    await expect(after(next!, { asOf: '2026-11-24T12:00:00Z' })).rejects.toBeInstanceOf(BadCursor);
    await expect(after('garbage')).rejects.toBeInstanceOf(BadCursor);
    await expect(after(encodeCursor({ list: 'jobs', ordering: 'completion_date', value: 'not a date', id: '1', asOf: false }), { ordering: 'completion_date' })).rejects.toBeInstanceOf(BadCursor);
    expect(ids((await after(next!)).results)).toHaveLength(1);
  });
});

describe('as of a moment', () => {
  it('given history rows (a job renamed after the moment, one made after it), when the list as of the moment is paged by cursor, then its rows as they stood, each once, in order', async () => {
    const asOf = '2026-06-01T00:00:00Z';
    const history = async (id: string, title: string, from: string, to: string | null) =>
      table('jobs_history').insert({ ...rowOf(jobs, { id, title }, { account: ACCOUNT }), valid_from: from, valid_to: to });
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = String(nextId++);
      made.push(id);
      await history(id, `Job ${i % 3}`, '2026-01-01T00:00:00Z', i === 0 ? '2026-07-01T00:00:00Z' : null);
    }
    await history(made[0], 'Job 9 renamed', '2026-07-01T00:00:00Z', null);
    await history(String(nextId++), 'Job 0 later', '2026-08-01T00:00:00Z', null);
    const offset = ids(await matchingRows(db, 'jobs', ACCOUNT, {}, { today, ordering: 'title', asOf }));
    expect(offset).toEqual([made[0], made[3], made[6], made[1], made[4], made[2], made[5]]);
    expect((await byCursor({ list: 'jobs', ordering: 'title', size: 2, asOf })).flat()).toEqual(offset);
    expect((await byCursor({ list: 'jobs', ordering: '-id', size: 3, asOf })).flat()).toEqual([...made].reverse());
  });
});

describe('counts', () => {
  it('given fewer rows than the bound, when counted, then exact and not marked; past the bound, at least the bound and marked estimated', async () => {
    for (let i = 0; i < 12; i++) await addJob({ title: `Job ${i}` });
    expect(await countMatchingAbout(db, 'jobs', ACCOUNT, {}, { today, exactUpTo: 12 })).toEqual({ count: 12, estimated: false });
    const few = await countMatching(db, 'jobs', ACCOUNT, { q: 'job 1' }, { today });
    expect(few).toBeLessThan(5);
    expect(await countMatchingAbout(db, 'jobs', ACCOUNT, { q: 'job 1' }, { today, exactUpTo: 5 })).toEqual({ count: few, estimated: false });
    const past = await countMatchingAbout(db, 'jobs', ACCOUNT, {}, { today, exactUpTo: 5 });
    expect(past.estimated).toBe(true);
    expect(past.count).toBeGreaterThanOrEqual(6);
    await db.raw('analyze jobs');
    // With the table's statistics the plan's estimate is the table's rows.
    expect(await countMatchingAbout(db, 'jobs', ACCOUNT, {}, { today, exactUpTo: 5 })).toEqual({ count: 12, estimated: true });
  });
});
