/**
 * A paging client as spec 2 shows one for the ORCA dashboard (the DRF shape): it reads page 1, then
 * page 2 by number, then follows `next` to the end; its numbers go as text (page='2', page_size='4').
 * The old client, which sends no paging param, still gets the plain array.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, type Obj } from './specClient.ts';

const { office } = apiTest('compat_list_pages');
const spec = new SpecClient(office);
const made: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 10; i++) made.push((await spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New', customer: 'AT&T', title: `Compat job ${i}`, completion_date: '2030-03-01' })).id);
  await office.list('/api/jobs/');
});

const query = (o: Obj) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const list = 'start_date=2030-01-01&stop_date=2030-12-31&live_and_future=false&active=true&archived=false';

describe('a paging client of the job list', () => {
  it('given 10 jobs due the same day, when it reads page 1 and 2 by number and then follows next, then it gets each job once, the count, and next null at the end', async () => {
    const first = await spec.load<Obj>(`/api/jobs/?${list}&${query({ page: '1', page_size: '4' })}`);
    expect(first).toMatchObject({ count: 10, previous: null });
    const second = await spec.load<Obj>(`/api/jobs/?${list}&${query({ page: '2', page_size: '4' })}`);
    expect(second.previous).toMatch(/^\/api\/jobs\/\?.*page=1/);
    const seen = [...first.results, ...second.results].map((r: Obj) => r.id);
    let next: string | null = second.next;
    while (next) {
      expect(next.startsWith('/api/jobs/?')).toBe(true);
      const page = await spec.load<Obj>(next);
      seen.push(...page.results.map((r: Obj) => r.id));
      next = page.next;
    }
    // Ties in the default order (one completion date) are broken by id, so no job is seen twice.
    expect(seen).toEqual([...made].sort((a, b) => Number(a) - Number(b)));
  });

  it('given pages asked by number only, when it reads every one, then the same jobs as by following next (the page number still pages though next carries a cursor)', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...(await spec.load<Obj>(`/api/jobs/?${list}&${query({ page, page_size: '4' })}`)).results.map((r: Obj) => r.id));
    expect(seen).toEqual([...made].sort((a, b) => Number(a) - Number(b)));
  });

  it('given the same call without page params, when the old client reads it, then a plain array of the same rows', async () => {
    const rows = await spec.load<Obj[]>(`/api/jobs/?${list}`);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((r) => r.id).sort()).toEqual([...made].sort());
  });

  it('given a sort by a shown column, when paged, then the ordering param is kept in next', async () => {
    const first = await spec.load<Obj>(`/api/jobs/?${list}&ordering=-account_job_number&page_size=3`);
    expect(first.next).toContain('ordering=-account_job_number');
    // Numbers by value, as the old client sorted them ('10' after '9').
    const all = (await spec.load<Obj[]>(`/api/jobs/?${list}`)).map((r) => r.account_job_number as string);
    const byValue = [...all].sort(new Intl.Collator('en', { numeric: true }).compare).reverse();
    expect(first.results.map((r: Obj) => r.account_job_number)).toEqual(byValue.slice(0, 3));
  });
});
