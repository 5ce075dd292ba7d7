/**
 * The record lists over HTTP through the list engine: the paged answer {results, count, next,
 * previous}, ordering, search, saved search dates applied to pages as to the plain list, the
 * all-other-jobs dashboard and the bid and project lists paged, and 400s naming the bad param.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';

const { office, rival } = apiTest('api_list_engine');

const jobs: { id: string; title: string }[] = [];
beforeAll(async () => {
  for (let i = 0; i < 12; i++) {
    const r = await office.post('/api/jobs/', {
      form_type: i % 4 === 0 ? 'attorca' : 'base',
      title: `Paged job ${String(i).padStart(2, '0')}${i % 3 === 0 ? ' highway' : ''}`,
      customer: ['Lumen', 'AT&T'][i % 2],
      completion_date: `2030-0${1 + (i % 6)}-15`,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    jobs.push({ id: r.body.id, title: r.body.title });
  }
  await office.post('/api/jobs/', { form_type: 'base', title: 'Not in 2030', completion_date: '2031-06-01', start_date: '2031-05-01' });
  await office.list('/api/jobs/');
});

const range = 'start_date=2030-01-01&stop_date=2030-12-31';

describe('a paged list', () => {
  it('given 12 jobs in range, when read 5 at a time by title, then pages of 5, 5 and 2 with the count, and next and previous are the same call a page on', async () => {
    const p1 = await office.list(`/api/jobs/?${range}&ordering=title&page_size=5`);
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    expect(Object.keys(p1.body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(p1.body.count).toBe(12);
    expect(p1.body.results.map((r: { title: string }) => r.title)).toEqual(jobs.slice(0, 5).map((j) => j.title));
    expect(p1.body.previous).toBeNull();
    expect(p1.body.next).toMatch(new RegExp(`^/api/jobs/\\?${range}&ordering=title&page_size=5&page=2&cursor=[\\w-]+$`));
    const p2 = await office.get(p1.body.next);
    // Previous is by page: the cursor of the page before is not carried back.
    expect(p2.body.previous).toBe(`/api/jobs/?${range}&ordering=title&page_size=5&page=1`);
    const p3 = await office.get(p2.body.next);
    expect(p3.body.results.map((r: { id: string }) => r.id)).toEqual(jobs.slice(10).map((j) => j.id));
    expect(p3.body.next).toBeNull();
    expect(p3.body.results[0]).toMatchObject({ id: jobs[10].id, version: expect.any(Number), job_days_left: expect.any(Number), customer: 'Lumen' });
  });

  it('given the same query, when read without page params, then the plain array in the same order; descending reverses it', async () => {
    const plain = await office.get(`/api/jobs/?${range}&ordering=title`);
    expect(plain.body.map((r: { id: string }) => r.id)).toEqual(jobs.map((j) => j.id));
    const desc = await office.get(`/api/jobs/?${range}&ordering=-title&page=1`);
    expect(desc.body.results.map((r: { id: string }) => r.id)).toEqual(jobs.map((j) => j.id).reverse());
  });

  it('given q words, when paged, then only the rows with every word, counted', async () => {
    const r = await office.get(`/api/jobs/?${range}&q=HIGHWAY+lumen&page=1`);
    expect(r.body.count).toBe(2);
    expect(r.body.results.map((x: { title: string }) => x.title).sort()).toEqual(['Paged job 00 highway', 'Paged job 06 highway']);
  });

  it('given saved search dates, when the list is paged without a range, then they apply as to the plain list', async () => {
    expect((await office.put('/api/jobs/search_dates/', { start_date: '2031-01-01', end_date: '2031-12-31', live_and_future: false })).status).toBe(200);
    const paged = await office.get('/api/jobs/?page=1');
    expect(paged.body.results.map((r: { title: string }) => r.title)).toEqual(['Not in 2030']);
    expect((await office.get('/api/jobs/')).body.map((r: { title: string }) => r.title)).toEqual(['Not in 2030']);
    await office.put('/api/jobs/search_dates/', { start_date: null, end_date: null });
  });

  it('given the all-other-jobs dashboard, the bids and the projects, when paged, then each answers the paged shape of its own rows', async () => {
    const others = await office.get(`/api/jobs/all_others/?${range}&page=1&page_size=100&ordering=-completion_date`);
    expect(others.body.count).toBe(9);
    expect(others.body.results.every((r: { form_type: string }) => r.form_type !== 'attorca')).toBe(true);
    expect(others.body.results[0]).toHaveProperty('segment_rollups');
    await office.post('/api/bids/', { work_request: 'WR-PAGED', market: 'A' });
    await office.post('/api/projects/', { name: 'Paged project' });
    const bids = await office.list('/api/bids/?market=A&page=1&ordering=work_request');
    expect(bids.body).toMatchObject({ count: 1, next: null, previous: null, results: [{ work_request: 'WR-PAGED' }] });
    const projects = await office.list('/api/projects/?page_size=10&ordering=-name');
    expect(projects.body).toMatchObject({ count: 1, results: [{ name: 'Paged project' }] });
  });

  it('given another account, when it pages the job list, then it sees none of these jobs', async () => {
    const r = await rival.get(`/api/jobs/?${range}&page=1`);
    expect(r.body).toEqual({ results: [], count: 0, next: null, previous: null });
  });
});

describe('paging by cursor', () => {
  it('given a page\'s next, when it is followed, then it carries the cursor of the page\'s last row and answers the page after it, as the offset page would', async () => {
    const p1 = await office.list(`/api/jobs/?${range}&ordering=-customer&page_size=4`);
    const cursor = new URL(p1.body.next, 'http://here').searchParams.get('cursor');
    expect(cursor).toEqual(expect.any(String));
    const byCursor = await office.get(`/api/jobs/?${range}&ordering=-customer&page_size=4&cursor=${cursor}`);
    const byOffset = await office.get(`/api/jobs/?${range}&ordering=-customer&page_size=4&page=2`);
    expect(byCursor.body.results.map((r: { id: string }) => r.id)).toEqual(byOffset.body.results.map((r: { id: string }) => r.id));
    expect(byCursor.body).toMatchObject({ count: 12, previous: null });
    expect(byCursor.body).not.toHaveProperty('count_estimated');
  });

  it.each([
    ['garbage', () => 'garbage'],
    ['of another ordering', async () => new URL((await office.list(`/api/jobs/?${range}&ordering=title&page_size=4`)).body.next, 'http://here').searchParams.get('cursor')!],
    ['of another list', async () => new URL((await office.list(`/api/jobs/all_others/?${range}&ordering=-customer&page_size=4`)).body.next, 'http://here').searchParams.get('cursor')!],
  ])('given a cursor %s, when the job list is asked after it, then 400 naming cursor', async (_what, cursorOf) => {
    const r = await office.get(`/api/jobs/?${range}&ordering=-customer&page_size=4&cursor=${await cursorOf()}`);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields).toHaveProperty('cursor');
  });
});

describe('bad list params', () => {
  it.each([
    ['ordering', 'ordering=state'],
    ['ordering', 'ordering=--title'],
    ['page', 'page=0'],
    ['page', 'page=two'],
    ['page_size', 'page_size=501'],
    ['page_size', 'page_size=0'],
    ['start_date', 'start_date=soon&page=1'],
    ['active', 'active=maybe'],
  ])('given %s as %s, when the job list is asked, then 400 naming it', async (field, query) => {
    const r = await office.get(`/api/jobs/?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
  });

  it('given an unknown market, when the bid list is asked, then 400 naming market', async () => {
    const r = await office.get('/api/bids/?market=Z&page=1');
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('market');
  });
});
