/**
 * Bulk archive and delete of sales organisations (docs/bulk.md) over HTTP with the real BullMQ worker:
 * through POST /api/bulk/ {list: 'sales_organizations'} and through the spec's paths in its
 * `/api/saless/` style (POST /api/saless/organizations/archive/ and /delete/ {ids}), which queue the
 * same operation; bad ids refused with nothing queued; another account's organisations untouched.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { eventsOfStream } from '../support/reports.ts';
import type { Client, Res } from '../support/client.ts';

const { office, rival, db, eventCount } = apiTest('api_sales_bulk', { worker: true, now: () => new Date('2026-11-25T15:00:00Z') });

async function org(c: Client, name: string) {
  const r = await c.post('/api/sales/organizations/new/', { name });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

/** Wait (polling GET, as the web may) until the operation asked for ends. */
async function finished(c: Client, asked: Res) {
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.headers.get('location')).toBe(`/api/bulk/${asked.body.id}/`);
  await expect.poll(async () => (await c.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 20_000, interval: 100 }).toMatch(/done|failed/);
  return (await c.get(`/api/bulk/${asked.body.id}/`)).body;
}

const eventsOf = (stream: string) => eventsOfStream(db, stream);
const archiving = async (id: string) => (await eventsOf(`sales_organization-${id}`)).filter((e) => e.type === 'SalesOrganizationRevised' && e.data.changes?.archived).length;
const deletions = async (id: string) => (await eventsOf(`sales_organization-${id}`)).filter((e) => e.type === 'SalesOrganizationDeleted').length;
const active = async (c: Client, q: string) => ((await c.list(`/api/sales/organizations/?q=${q}`)).body as { id: string }[]).map((r) => r.id);

describe('bulk archive and delete of organisations through /api/bulk/', () => {
  it('given organisations, when two are archived and then one deleted by ids, then each has one such event and the list follows', async () => {
    const [a, b, c] = [await org(office, 'BULK-1'), await org(office, 'BULK-2'), await org(office, 'BULK-3')];
    expect(await finished(office, await office.post('/api/bulk/', { list: 'sales_organizations', action: 'archive', ids: [a, b] }))).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    expect([await archiving(a), await archiving(b), await archiving(c)]).toEqual([1, 1, 0]);
    await expect.poll(() => active(office, 'BULK-'), { timeout: 10_000, interval: 50 }).toEqual([c]);
    expect(await finished(office, await office.post('/api/bulk/', { list: 'sales_organizations', action: 'delete', ids: [c] }))).toMatchObject({ status: 'done', total: 1, done: 1 });
    expect(await deletions(c)).toBe(1);
    expect((await office.get(`/api/sales/organizations/${c}/`)).status).toBe(404);
  });

  it('given a report asked of organisations, then 400 naming action: the list takes only archive and delete', async () => {
    const r = await office.post('/api/bulk/', { list: 'sales_organizations', action: 'report', report: 'management', ids: ['1'] });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toContain('action');
  });
});

describe('the spec’s /api/saless/ paths', () => {
  it('given organisations, when archived through /api/saless/organizations/archive/, then the same bulk operation archives each once and another account’s is untouched', async () => {
    const [a, b, keep] = [await org(office, 'SALESS-A1'), await org(office, 'SALESS-A2'), await org(office, 'SALESS-A3')];
    const theirs = await org(rival, 'SALESS-A9');
    const op = await finished(office, await office.post('/api/saless/organizations/archive/', { ids: [a, b, b, theirs] }));
    expect(op).toMatchObject({ status: 'done', list: 'sales_organizations', action: 'archive', total: 3, done: 2, failed: 1 });
    expect([await archiving(a), await archiving(b), await archiving(keep), await archiving(theirs)]).toEqual([1, 1, 0, 0]);
    await expect.poll(() => active(office, 'SALESS-A'), { timeout: 10_000, interval: 50 }).toEqual([keep]);
    expect((await rival.get(`/api/sales/organizations/${theirs}/`)).body.archived).toBe(false);
  });

  it('given organisations, when deleted through /api/saless/organizations/delete/, then exactly those are deleted once', async () => {
    const [a, keep] = [await org(office, 'SALESS-D1'), await org(office, 'SALESS-D2')];
    expect(await finished(office, await office.post('/api/saless/organizations/delete/', { ids: [a] }))).toMatchObject({ status: 'done', action: 'delete', total: 1, done: 1, failed: 0 });
    expect([await deletions(a), await deletions(keep)]).toEqual([1, 0]);
    expect((await office.get(`/api/sales/organizations/${a}/`)).status).toBe(404);
    await expect.poll(() => active(office, 'SALESS-D'), { timeout: 10_000, interval: 50 }).toEqual([keep]);
  });

  it('given no ids or ids that are not record ids, then 400 naming ids and nothing is queued', async () => {
    const before = await eventCount();
    for (const body of [{}, { ids: [] }, { ids: ['abc'] }, { ids: '5' }]) {
      const r = await office.post('/api/saless/organizations/archive/', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {}).join(), JSON.stringify(r.body)).toMatch(/^ids/);
    }
    expect((await office.post('/api/saless/organizations/delete/', { ids: [] })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});
