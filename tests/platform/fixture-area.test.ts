/**
 * An area is one declaration: the widgets area below is declared in this file alone, with no other
 * production code, and every generic capability comes from the declaration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { io } from 'socket.io-client';
import { addArea, bulkEntryNamed, col, date, decimal, defineCollection, defineFiles, defineRecord, flag, routesUnder, selectionReport, text, type Area } from '@trenchline/domain';
import { addList } from '@trenchline/read-model';
import { createHistoryTable, createListTable, listTableOf } from '@trenchline/read-model/migrations/list-tables.ts';
import { date as dateColumn, defineList, number, text as textColumn } from '@trenchline/platform/lists/define.ts';
import { defineRoutes } from '@trenchline/api/platform/routes.ts';
import { recordRoutes } from '@trenchline/api/platform/record-routes.ts';
import { listRoute } from '@trenchline/api/platform/lists.ts';
import { apiTest } from '../support/apiTest.ts';
import { pdf } from '../support/files.ts';
import { readSheet, runBulk } from '../support/reports.ts';

// ---- the declaration ----------------------------------------------------------------------------
const parts = defineCollection({
  name: 'widget_parts', entity: 'WidgetPart', aggregate: 'widget', parentField: 'widget', noun: 'Part',
  schema: z.object({ part: text(200), feet: decimal({ min: 0, max: 100_000 }) }),
  routes: routesUnder('/widget', 'parts'),
  fields: [{ name: 'part', label: 'Part', kind: 'text' }, { name: 'feet', label: 'Feet', kind: 'number' }],
});
const files = defineFiles({ name: 'widget_files', entity: 'WidgetFile', aggregate: 'widget', parentField: 'widget', routes: routesUnder('/widget', 'files') });
const widget = defineRecord({
  name: 'widget', label: 'Widget', entity: 'Widget', list: 'widgets', collections: [parts, files], number: { counter: 'widget', field: 'widget_number' },
  fields: z.object({ name: text(200), colour: text(50), length_ft: decimal({ min: 0, max: 100_000 }), due_date: date(), archived: flag() }),
  defaults: { archived: false },
});
const summary = selectionReport('widgets.summary', 'Widget summary', '/widgets/report/summary', {
  columns: [col.text('widget_number', 'No.', 8), col.text('name', 'Name', 20), col.number('length_ft', 'Feet', 10)],
  rows: { list: 'widgets', noun: 'widget' },
});
const widgets: Area = {
  aggregates: [widget], collections: [parts, files], reports: [summary],
  bulk: { widgets: { aggregate: 'widget', zipPrefix: 'Widget', entryPrefix: bulkEntryNamed('name', 'Widget'), reports: { summary: summary.name } } },
};
const widgetList = defineList({
  name: 'widgets', aggregate: 'widget', table: 'widgets', defaultOrdering: 'widget_number', filters: { toggles: 'active_archived' },
  columns: [textColumn('widget_number'), textColumn('name'), number('length_ft'), dateColumn('due_date')],
  sorts: { id: 'id', widget_number: 'widget_number', name: 'name', length_ft: 'length_ft', due_date: 'due_date' },
  search: (v) => [v.widget_number, v.name, v.colour],
});
// -------------------------------------------------------------------------------------------------

const taken = [addArea(widgets), addList(widgetList)];
const routes = defineRoutes('widgets', [
  listRoute({ path: '/widgets', list: 'widgets', summary: 'Widget list' }),
  ...recordRoutes({ aggregate: 'widget', base: '/widgets/:id', create: { path: '/widgets', summary: 'Create a widget' } }),
]);
const { app, office, rival } = apiTest('fixture_area', { projector: false, worker: true, areas: [routes] });

beforeAll(async () => {
  await createListTable(app.api.ctx.db, listTableOf(widgetList));
  await createHistoryTable(app.api.ctx.db, widgetList.table, [widgetList]);
  await app.resumeProjector();
});
afterAll(() => taken.forEach((takeOut) => takeOut()));

const make = async (values: Record<string, unknown>) => {
  const r = await office.post('/api/widgets/', values);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};
const page = async (query: string) => (await office.list(`/api/widgets/?page=1&page_size=2&${query}`)).body;

describe('a fixture area declared in one place', () => {
  it('given the declaration, when widgets are created, then each gets the next number and computed fields sent are ignored', async () => {
    const [a, b] = [await make({ name: 'Anchor', length_ft: '12.5', widget_number: '999' }), await make({ name: 'Bracket', colour: 'red' })];
    expect([a.widget_number, b.widget_number]).toEqual(['1', '2']);
    expect(a).toMatchObject({ name: 'Anchor', length_ft: 12.5, archived: false });
    expect((await office.post('/api/widgets/', { length_ft: -1 })).body.fields).toHaveProperty('length_ft');
  });

  it('given the kept object saved twice while a colleague edits, then the saves merge by field; a field both changed is a 409 naming it', async () => {
    const kept = await make({ name: 'Clamp' });
    const casey = await office.addColleague('Casey Colleague');
    const save = async (c = office, body: Record<string, unknown> = kept) => (await c.put(`/api/widgets/${kept.id}/`, body)).status;
    kept.colour = 'blue';
    expect(await save()).toBe(200);
    expect(await save(casey, { name: 'Clamp II' })).toBe(200);
    kept.length_ft = '40';
    expect(await save()).toBe(200);
    expect((await office.get(`/api/widgets/${kept.id}/`)).body).toMatchObject({ name: 'Clamp II', colour: 'blue', length_ft: 40 });
    expect(await save(casey, { colour: 'green' })).toBe(200);
    kept.colour = 'red';
    const clash = await office.put(`/api/widgets/${kept.id}/`, kept);
    expect([clash.status, Object.keys(clash.body.fields ?? {})]).toEqual([409, ['colour']]);
  });

  it('given a widget, then its lines carry versions, its files are stored, and history and as-of show how it stood', async () => {
    const w = await make({ name: 'Dowel', length_ft: 5 });
    const line = (await office.post(`/api/widget/${w.id}/parts/`, { part: 'pin', feet: '3' })).body;
    expect(line).toMatchObject({ part: 'pin', feet: 3 });
    const edited = (await office.put(`/api/widget/parts/${line.id}/`, { ...line, feet: 4 })).body;
    expect([edited.feet, edited.version > line.version]).toEqual([4, true]);
    const before = new Date().toISOString();
    await office.put(`/api/widgets/${w.id}/`, { name: 'Dowel II' });
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(pdf('spec'))], { type: 'application/pdf' }), 'spec.pdf');
    expect((await office.request('POST', `/api/widget/${w.id}/files/`, f)).status).toBe(201);
    const detail = (await office.get(`/api/widgets/${w.id}/`)).body;
    expect([detail.name, detail.parts.length, detail.files[0].file_name]).toEqual(['Dowel II', 1, 'spec.pdf']);
    expect((await office.get(`/api/widgets/${w.id}/?as_of=${before}`)).body.name).toBe('Dowel');
    expect((await office.get(`/api/widgets/${w.id}/history/`)).body.map((e: { type: string }) => e.type)).toContain('WidgetRevised');
  });

  it('given widgets, then the list is paged, sorted and searched on the server, and rows arrive live', async () => {
    const socket = io(app.url, { transports: ['websocket'], extraHeaders: { cookie: [...office.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    await new Promise((ok) => socket.on('connect', () => socket.emit('subscribe', { list: 'widgets' }, ok)));
    const live = new Promise<{ row: { name: string } }>((ok) => socket.on('row', (r) => r.row?.name === 'Zither' && ok(r)));
    await make({ name: 'Zither', length_ft: 1 });
    expect((await live).row.name).toBe('Zither');
    socket.close();
    const sorted = await page('ordering=-length_ft');
    expect([sorted.count >= 4, sorted.results.length, sorted.results[0].name]).toEqual([true, 2, 'Clamp II']);
    expect((await page('q=zith')).results.map((r: { name: string }) => r.name)).toEqual(['Zither']);
  });

  it('given a selection, then a bulk report prints its rows, and bulk archive and delete act on each', async () => {
    const [a, b] = [await make({ name: 'Eyelet', length_ft: 7 }), await make({ name: 'Ferrule' })];
    const report = await runBulk(office, { list: 'widgets', action: 'report', report: 'summary', ids: [a.id, b.id] });
    const sheet = await readSheet((await office.download(report.file_url)).bytes, 'No.');
    expect(sheet.body.map((r) => r.Name).sort()).toEqual(['Eyelet', 'Ferrule']);
    expect(await runBulk(office, { list: 'widgets', action: 'archive', ids: [a.id] })).toMatchObject({ status: 'done', done: 1 });
    expect((await office.get(`/api/widgets/${a.id}/`)).body.archived).toBe(true);
    expect(await runBulk(office, { list: 'widgets', action: 'delete', ids: [b.id] })).toMatchObject({ status: 'done', done: 1 });
    expect((await office.get(`/api/widgets/${b.id}/`)).status).toBe(404);
  });

  it("given another account's widget, then every call on it is a 404", async () => {
    const w = await make({ name: 'Private' });
    expect([(await rival.get(`/api/widgets/${w.id}/`)).status, (await rival.put(`/api/widgets/${w.id}/`, { name: 'x' })).status, (await rival.get(`/api/widgets/${w.id}/history/`)).status]).toEqual([404, 404, 404]);
    expect((await rival.post(`/api/widget/${w.id}/parts/`, { part: 'x' })).status).toBe(404);
  });
});
