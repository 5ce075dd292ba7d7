/**
 * The account's trail (docs/audit-trail.md): GET /api/audit/ with each filter alone and together,
 * newest first, paged, a line's change named by its line number, another account's events never
 * shown, bad params 400 naming them; the count capped past 10,000; the filter menus.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { executeCommand } from '@trenchline/api/platform/records.ts';
import { apiTest } from '../support/apiTest.ts';
import { actorOf, addLines, type MeUser } from '../support/seed.ts';

const { app, office, rival, db } = apiTest('api_audit_trail');

type Row = Record<string, any>;
let me: MeUser;
let job: Row;
let otherJob: Row;
let bid: Row;
let rivalJob: Row;
let lineIds: string[];

const trail = async (query = '') => {
  const r = await office.get(`/api/audit/${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { results: Row[]; count: number; count_capped: boolean; next: string | null; previous: string | null };
};
const created = async (c: typeof office, path: string, body: Row) => {
  const r = await c.post(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Row;
};

beforeAll(async () => {
  // given: two jobs and a bid of the office account, lines added and one revised by the command handler, and a job of another account
  me = (await office.get('/api/auth/me')).body.user as MeUser;
  job = await created(office, '/api/jobs/new/', { form_type: 'base', title: 'Main St bore' });
  otherJob = await created(office, '/api/jobs/new/', { form_type: 'base', title: 'Oak Ave' });
  bid = await created(office, '/api/bids/', { bid_status: 'A', work_request: 'WR-77' });
  expect((await office.put(`/api/jobs/${job.id}`, { title: 'Main St bore east' })).status).toBe(200);
  lineIds = await addLines(app, me, { collection: 'job_items', recordId: job.id, lines: [1, 2, 3].map((n) => ({ line_number: n, item: `Bore ${n}` })) });
  await executeCommand(app.api.ctx, actorOf(me), 'job', job.id, { type: 'ReviseLine', collection: 'job_items', lineId: lineIds[2], values: { item: 'Pothole' } });
  rivalJob = await created(rival, '/api/jobs/new/', { form_type: 'base', title: 'Rival secret' });
  await app.caughtUp();
});

describe('the trail of the account', () => {
  it('given the seeded writes, when the trail is read, then every event of the account is there newest first, none of another account', async () => {
    const { results, count } = await trail('?page_size=500');
    const positions = results.map((r) => r.position);
    const order = (await db.query('select position from audit_trail where account_id = $1 order by at desc, major desc, minor desc', [me.account_id])).rows.map((r) => r.position);
    expect(positions).toEqual(order);
    expect(count).toBe(results.length);
    expect(results.some((r) => r.record_id === rivalJob.id || /Rival/.test(JSON.stringify(r)))).toBe(false);
    expect(results.every((r) => r.user_id === String(me.id) || r.user_name)).toBe(true);
    const events = Number((await db.query(`select count(*) from events where account_id = $1`, [me.account_id])).rows[0].count);
    expect(count).toBe(events);
  });

  it('given a job created, then its row names the job by number and title, links to it and says what happened in words', async () => {
    const { results } = await trail(`?record=${job.id}&type=JobCreated`);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      area: 'jobs',
      aggregate: 'job',
      record_id: job.id,
      record_number: job.account_job_number,
      // The current title: renamed after it was created.
      record_title: 'Main St bore east',
      record_path: `/job/${job.id}`,
      type: 'JobCreated',
      summary: `Job ${job.account_job_number} created`,
      user_id: String(me.id),
      user_name: me.display_name,
    });
    expect(results[0].changes).toContainEqual({ field: 'title', line: null, old: null, new: 'Main St bore' });
  });

  it("given a line revised, then its change is named by the line's number and the summary says old → new", async () => {
    const { results } = await trail(`?record=${job.id}&type=JobItemRevised`);
    expect(results).toHaveLength(1);
    expect(results[0].changes).toEqual([{ field: 'item', line: '3', old: 'Bore 3', new: 'Pothole' }]);
    expect(results[0].summary).toBe('Item 3 revised: item Bore 3 → Pothole');
    const added = await trail(`?record=${job.id}&type=JobItemAdded`);
    expect(added.results.map((r) => r.summary)).toEqual(['Item 3 added', 'Item 2 added', 'Item 1 added']);
  });

  it('given a record revised, then the row carries the field old and new', async () => {
    const { results } = await trail(`?record=${job.id}&type=JobRevised`);
    expect(results).toHaveLength(1);
    expect(results[0].changes).toEqual([{ field: 'title', line: null, old: 'Main St bore', new: 'Main St bore east' }]);
    expect(results[0].summary).toBe(`Job ${job.account_job_number} revised: title Main St bore → Main St bore east`);
  });
});

describe('each filter alone', () => {
  it('given area=bids, then only the bid', async () => {
    const { results } = await trail('?area=bids');
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.area === 'bids' && r.record_id === bid.id)).toBe(true);
    expect(results[0]).toMatchObject({ record_number: 'WR-77', record_path: `/bid/${bid.id}` });
  });

  it('given record=, then only that record and its lines', async () => {
    const { results } = await trail(`?record=${otherJob.id}`);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.record_id === otherJob.id)).toBe(true);
  });

  it('given type=, then only events of that type', async () => {
    const { results } = await trail('?type=JobCreated');
    expect(results.map((r) => r.record_id).sort()).toEqual([job.id, otherJob.id].sort());
  });

  it("given user=, then only that user's events; another user's id finds none", async () => {
    const all = await trail('?page_size=500');
    expect((await trail(`?user=${me.id}&page_size=500`)).results.length).toBe(all.results.filter((r) => r.user_id === String(me.id)).length);
    expect((await trail('?user=999999999')).results).toEqual([]);
  });

  it('given from and to, then only events in between (a date covers its whole day)', async () => {
    const all = await trail('?page_size=500');
    const newest = all.results[0].at as string;
    const oldest = all.results[all.results.length - 1].at as string;
    expect((await trail(`?from=${encodeURIComponent(newest)}`)).results.every((r) => r.at >= newest)).toBe(true);
    expect((await trail(`?to=${encodeURIComponent(oldest)}`)).results.every((r) => r.at <= oldest)).toBe(true);
    expect((await trail(`?from=${oldest.slice(0, 10)}&to=${newest.slice(0, 10)}&page_size=500`)).count).toBe(all.count);
    expect((await trail('?from=2999-01-01')).results).toEqual([]);
    expect((await trail('?to=2000-01-01')).results).toEqual([]);
  });

  it('given q=, then only rows with every word, in any case', async () => {
    const { results } = await trail('?q=POTHOLE');
    expect(results.map((r) => r.type)).toEqual(['JobItemRevised']);
    expect((await trail('?q=pothole bore')).results).toHaveLength(1);
    expect((await trail('?q=pothole nowhere')).results).toEqual([]);
    expect((await trail('?q=%25')).results).toEqual([]);
  });
});

describe('filters combined, and paging', () => {
  it('given area, record and type together, then the rows all of them keep', async () => {
    const { results, count } = await trail(`?area=jobs&record=${job.id}&type=JobItemAdded&user=${me.id}&q=bore`);
    expect(count).toBe(3);
    expect(results.every((r) => r.type === 'JobItemAdded' && r.record_id === job.id)).toBe(true);
    expect((await trail(`?area=bids&record=${job.id}`)).results).toEqual([]);
  });

  it('given page_size=2, then next and previous walk the same rows newest first, none twice', async () => {
    const all = await trail('?page_size=500');
    const first = await trail('?page_size=2');
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api/audit/?page_size=2&page=2');
    const second = await trail(first.next!.replace('/api/audit/', ''));
    expect(second.previous).toBe('/api/audit/?page_size=2&page=1');
    expect([...first.results, ...second.results].map((r) => r.position)).toEqual(all.results.slice(0, 4).map((r) => r.position));
    const last = Math.ceil(all.count / 2);
    expect((await trail(`?page_size=2&page=${last}`)).next).toBeNull();
  });
});

describe('bad params', () => {
  it.each([
    ['page_size=0', 'page_size'],
    ['page_size=501', 'page_size'],
    ['page=0', 'page'],
    ['area=nowhere', 'area'],
    ['from=yesterday', 'from'],
    ['to=2026-13-45', 'to'],
    ['user=abc', 'user'],
    ['record=1;drop', 'record'],
    ['type=Job%20Created', 'type'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('given ?%s, then 400 naming %s', async (query, field) => {
    const r = await office.get(`/api/audit/?${query}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual([field]);
  });
});

describe('the filter menus', () => {
  it('given the trail, then the areas are the registry areas and the types those the account holds', async () => {
    const r = await office.get('/api/audit/areas/');
    expect(r.status).toBe(200);
    expect(r.body.areas).toEqual(expect.arrayContaining(['bids', 'jobs', 'settings', 'tickets']));
    expect(r.body.types).toEqual(expect.arrayContaining(['JobCreated', 'JobItemAdded', 'JobItemRevised', 'BidCreated']));
    expect(r.body.types).toEqual([...r.body.types].sort());
  });
});

describe('the count rule', () => {
  it('given more than 10,000 matching rows, then count is 10,000 with count_capped, and a full page has a next', async () => {
    // given: rows shaped like the projection's, inserted by SQL for speed, for a record of their own
    await db.query(
      `insert into audit_trail (position, account_id, major, minor, at, user_id, user_name, area, aggregate, record_id, type, changes, search)
       select '0:' || (900000000 + g), $1, 0, 900000000 + g, now(), $2, 'Bulk', 'jobs', 'job', '777777777', 'JobRevised', '[]'::jsonb, 'bulk row'
       from generate_series(1, 10005) g`,
      [me.account_id, String(me.id)],
    );
    const capped = await trail('?record=777777777&page_size=500&page=3');
    expect(capped).toMatchObject({ count: 10000, count_capped: true });
    expect(capped.next).toBe('/api/audit/?record=777777777&page_size=500&page=4');
    const exact = await trail('?area=bids');
    expect(exact.count_capped).toBe(false);
  });
});
