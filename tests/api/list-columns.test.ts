/**
 * Every paged list's column chooser is kept per user: GET/PUT /api/list_columns/:list/ answer the
 * columns in order with hidden and width; bad input is a 400 naming the field, an unknown list a 404.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';

const { app, office } = apiTest('api_list_columns');

describe('list columns', () => {
  it('given nothing saved, when the jobs list columns are asked, then none are answered (the declared ones stand)', async () => {
    const r = await office.get('/api/list_columns/jobs/');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ list: 'jobs', columns: [] });
  });

  it('given columns saved in an order, then they come back in that order for this user only, in a new session too', async () => {
    const columns = [
      { key: 'title', hidden: false, width: 240 },
      { key: 'account_job_number', hidden: false, width: null },
      { key: 'client', hidden: true, width: 90 },
    ];
    const put = await office.put('/api/list_columns/jobs/', { columns });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.columns).toEqual(columns);
    expect((await office.get('/api/list_columns/jobs/')).body.columns).toEqual(columns);
    // The other lists and a colleague keep their own.
    expect((await office.get('/api/list_columns/bids/')).body.columns).toEqual([]);
    const colleague = await office.addColleague('Cole Umns');
    expect((await colleague.get('/api/list_columns/jobs/')).body.columns).toEqual([]);
  });

  it('given a column without hidden or width, then it is saved shown at its declared width', async () => {
    const r = await office.put('/api/list_columns/tickets/', { columns: [{ key: 'ticket_number' }] });
    expect(r.status).toBe(200);
    expect(r.body.columns).toEqual([{ key: 'ticket_number', hidden: false, width: null }]);
  });

  it('given bad input, then a 400 names the field and nothing is saved', async () => {
    const before = (await office.get('/api/list_columns/jobs/')).body.columns;
    const bad = async (body: unknown, field: string) => {
      const r = await office.put('/api/list_columns/jobs/', body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.body.fields ?? {}).join(' '), JSON.stringify(r.body)).toContain(field);
    };
    await bad({ columns: [{ key: 'title', width: 5 }] }, 'columns.0.width');
    await bad({ columns: [{ key: 'title', hidden: 'yes' }] }, 'columns.0.hidden');
    await bad({ columns: [{ key: 'a b' }] }, 'columns.0.key');
    await bad({ columns: [{ key: 'title' }, { key: 'title' }] }, 'columns');
    await bad({}, 'columns');
    expect((await office.get('/api/list_columns/jobs/')).body.columns).toEqual(before);
  });

  it('given a list that does not exist, then 404', async () => {
    expect((await office.get('/api/list_columns/payroll/')).status).toBe(404);
    expect((await office.put('/api/list_columns/payroll/', { columns: [] })).status).toBe(404);
  });

  it('given no session, then 401', async () => {
    const { Client } = await import('../support/client.ts');
    expect((await new Client(app.url).get('/api/list_columns/jobs/')).status).toBe(401);
  });
});
