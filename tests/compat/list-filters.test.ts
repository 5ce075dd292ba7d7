/**
 * The list filters as the old client sends them (issue 28): the toggles named with no value, as the
 * spec writes the calls (`GET /api/help/?active&archived`, `GET /api/sales/organizations/?active&archived`:
 * both lists), and yes or no as 1 or 0 (`?active=1&archived=0`, `?all=1`). Every read is at once after
 * the client's own writes: it never sends X-Min-Position, and needs none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { expectInvalid, SpecClient, type Obj } from './specClient.ts';

const { office } = apiTest('compat_list_filters');
const spec = new SpecClient(office);

const ids = (rows: Obj[]) => rows.map((r) => String(r.id)).sort();
const made: Record<'help' | 'sales' | 'project', { live: string; archived: string }> = {} as never;

beforeAll(async () => {
  const help = [await spec.create('/api/help/', { subject: 'Live question' }), await spec.create('/api/help/', { subject: 'Old question' })];
  expect((await spec.http.put(`/api/help/${help[1].id}`, { archived: 't' })).status).toBe(200);
  const sales = [await spec.create('/api/sales/organizations/new/', { name: 'Live lead' }), await spec.create('/api/sales/organizations/new/', { name: 'Old lead' })];
  expect((await spec.http.put(`/api/sales/organizations/${sales[1].id}`, { archived: 'true' })).status).toBe(200);
  const projects = [await spec.create('/api/projects/'), await spec.create('/api/projects/')];
  expect((await spec.http.put(`/api/projects/${projects[1].id}`, { archived: true })).status).toBe(200);
  made.help = { live: String(help[0].id), archived: String(help[1].id) };
  made.sales = { live: String(sales[0].id), archived: String(sales[1].id) };
  made.project = { live: String(projects[0].id), archived: String(projects[1].id) };
});

describe('list toggles as the old client sends them', () => {
  it('given a live and an archived help ticket, when the client asks ?active&archived, then both are listed; ?active alone the live one', async () => {
    expect(ids(await spec.load('/api/help/?active&archived'))).toEqual([made.help.live, made.help.archived].sort());
    expect(ids(await spec.load('/api/help/?active'))).toEqual([made.help.live]);
  });

  it('given a live and an archived organisation, when the client asks ?active&archived, then both are listed', async () => {
    expect(ids(await spec.load('/api/sales/organizations/?active&archived'))).toEqual([made.sales.live, made.sales.archived].sort());
  });

  it('given a live and an archived project, when the client sends 1 and 0, then 1 means yes and 0 no', async () => {
    expect(ids(await spec.load('/api/projects/?active=1&archived=0'))).toEqual([made.project.live]);
    expect(ids(await spec.load('/api/projects/?active=0&archived=1'))).toEqual([made.project.archived]);
    expect(ids(await spec.load('/api/projects/?active=True&archived=True'))).toEqual([made.project.live, made.project.archived].sort());
  });

  it('given an inactive customer, when the client asks ?all=1, then it is listed; without, it is not', async () => {
    const c = await spec.create('/api/settings/customers/', { name: 'Gone Fishing Ltd' });
    expect((await spec.http.put(`/api/settings/customers/${c.id}`, { active: '0' })).status).toBe(200);
    expect(ids(await spec.load('/api/settings/customers/?all=1'))).toContain(String(c.id));
    expect(ids(await spec.load('/api/settings/customers/'))).not.toContain(String(c.id));
  });

  it('given a toggle that is no yes or no, then 400 naming it', async () => {
    expectInvalid(await spec.get('/api/projects/?active=maybe'), 'active');
  });
});
