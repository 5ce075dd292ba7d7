/**
 * The ORCA CSV import over HTTP with the real worker (contract section 5; docs/jobs.md "ORCA CSV
 * import"): the template, a good file imported into jobs, tasks and CIBE lines, bad cells named by
 * line and column with nothing written, the same file twice creating nothing twice, a 5,000-row file,
 * and another account seeing none of it.
 */
import { describe, expect, it } from 'vitest';
import { ORCA_IMPORT_TEMPLATE } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';
import type { Row } from '../support/orcaJobs.ts';

const { app, office, rival, db, eventCount } = apiTest('api_orca_import', { worker: true });

const HEADER = 'job_number,title,customer,completion_date,task_id,task_due_date,line_number,issued_item_code,issued_item_description,issued_item_qty,issued_item_price,CIBE_item_qty';

const form = (csv: string, name = 'orca.csv') => {
  const f = new FormData();
  f.append('file', new Blob([csv], { type: 'text/csv' }), name);
  return f;
};
const preview = (c: Client, csv: string) => c.request('POST', '/api/jobs/orcas/import/preview/', form(csv));

/** Import a file and wait (polling GET /api/bulk/{id}/, as the web may) until the operation ends. */
async function imported(c: Client, csv: string) {
  const asked = await c.request('POST', '/api/jobs/orcas/import/', form(csv));
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ list: 'orca_jobs', action: 'import', status: 'queued', total: null, done: 0, failed: 0, label: 'Importing...', file_url: null });
  await expect.poll(async () => (await c.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 60_000, interval: 100 }).toMatch(/done|failed/);
  return (await c.get(`/api/bulk/${asked.body.id}/`)).body;
}

/** The account's ORCA jobs whose job number starts with `prefix`, as the ORCA dashboard shows them once it has `count`. */
async function jobsNumbered(c: Client, prefix: string, count: number): Promise<Row[]> {
  const path = `/api/jobs/orcas/?q=${encodeURIComponent(prefix)}&active=t&archived=f&page_size=500`;
  const rows = async () => ((await c.get(path)).body.results as Row[]).filter((r) => String(r.job_number).startsWith(prefix));
  await expect.poll(async () => (await rows()).length, { timeout: 20_000, interval: 100 }).toBe(count);
  return rows();
}
const detail = async (c: Client, id: string) => (await c.get(`/api/jobs/${id}/`)).body as Row;
const eventsOfType = async (type: string) => Number((await db.query('select count(*) from events where type = $1', [type])).rows[0].count);

describe('the template', () => {
  it('given the template route, when downloaded, then it is the CSV with the header and three example rows', async () => {
    const r = await office.download('/api/jobs/orcas/import/template/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toContain(encodeURIComponent('ORCA import template.csv'));
    expect(r.bytes.toString('utf8')).toBe(ORCA_IMPORT_TEMPLATE);
    expect(r.bytes.toString('utf8').trim().split('\r\n')).toHaveLength(4);
  });

  it('given the template itself, when previewed, then it is ok: 3 rows, 2 new jobs, 2 tasks, 3 CIBE lines', async () => {
    const r = await preview(office, ORCA_IMPORT_TEMPLATE);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ file_name: 'orca.csv', rows: 3, jobs: 2, tasks: 2, cibe_lines: 3, new_jobs: 2, existing_jobs: 0, errors: [], ok: true });
  });
});

const GOOD = [
  HEADER,
  'GI-1,Main St fiber,AT&T,12/15/2026,1.1,2026-12-01,1,BORE,Bore 2in,120,$14.50,',
  'GI-1,Main St fiber,,,1.1,,2,HH,Handhole,2,"$1,250.00",3',
  'GI-1,,,,2.0,,1,TR,Trench,10,5,',
  'GI-1,,,,,,1,OWN,Job line,1,100,',
  'GI-2,Oak Ave,AT&T,,1.1,,,,,,,',
].join('\r\n');

describe('a good file', () => {
  it('given a file of two jobs, when imported, then the jobs are ORCA jobs with counter numbers, their tasks and CIBE lines', async () => {
    const before = (await office.get('/api/settings/current_number/')).body.find((k: Row) => k.kind === 'job')?.number ?? 0;
    const op = await imported(office, GOOD);
    expect(op).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0, label: 'Done' });

    const [gi1, gi2] = (await jobsNumbered(office, 'GI-', 2)).sort((a, b) => String(a.job_number).localeCompare(String(b.job_number)));
    // The dashboard's row has the job's tasks and CIBE totals: 120 x 14.50 + 2 x 1,250 + 10 x 5 + 1 x 100 issued.
    await expect.poll(async () => (await jobsNumbered(office, 'GI-1', 1))[0], { timeout: 10_000 }).toMatchObject({ task_count: 2, CIBE_issued_grand_total: 4390 });
    const j1 = await detail(office, gi1.id);
    expect(j1).toMatchObject({ form_type: 'attorca', job_number: 'GI-1', title: 'Main St fiber', customer: 'AT&T', completion_date: '2026-12-15', work_status: 'New' });
    const numbers = [Number(j1.account_job_number), Number((await detail(office, gi2.id)).account_job_number)].sort((a, b) => a - b);
    expect(numbers).toEqual([Number(before) + 1, Number(before) + 2]);

    const tasks = (j1.tasks as Row[]).sort((a, b) => String(a.task_id).localeCompare(String(b.task_id)));
    expect(tasks.map((t) => [t.task_id, t.due_date])).toEqual([
      ['1.1', '2026-12-01'],
      ['2.0', null],
    ]);
    const t11 = (await office.get(`/api/jobs/tasks/${tasks[0].id}/`)).body as Row;
    expect((t11.job_task_cibe_items as Row[]).map((l) => [l.line_number, l.issued_item_code, l.issued_item_qty, l.issued_item_price, l.CIBE_item_qty ?? null, l.issued_item_total])).toEqual([
      [1, 'BORE', 120, 14.5, null, 1740],
      [2, 'HH', 2, 1250, 3, 2500],
    ]);
    const lines = j1.cibeitems as Row[];
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.issued_item_code === 'OWN')).toMatchObject({ line_number: 1, job_task: null });
    expect(lines.find((l) => l.issued_item_code === 'TR')).toMatchObject({ line_number: 1, task_id: '2.0', job_task: tasks[1].id });

    const j2 = await detail(office, gi2.id);
    expect((j2.tasks as Row[]).map((t) => t.task_id)).toEqual(['1.1']);
    expect(j2.cibeitems).toEqual([]);
  });

  it('given the same file imported again, when done, then nothing is created twice; a file with one more line adds only that line', async () => {
    const jobs = await eventsOfType('JobCreated');
    const lines = await eventsOfType('JobCibeItemAdded');
    const tasks = await eventsOfType('JobTaskAdded');
    const before = await preview(office, GOOD);
    expect(before.body).toMatchObject({ new_jobs: 0, existing_jobs: 2, ok: true });

    expect(await imported(office, GOOD)).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    expect([await eventsOfType('JobCreated'), await eventsOfType('JobTaskAdded'), await eventsOfType('JobCibeItemAdded')]).toEqual([jobs, tasks, lines]);

    expect(await imported(office, `${GOOD}\r\nGI-2,,,,1.1,,1,NEW,Added later,1,1,`)).toMatchObject({ status: 'done', done: 2 });
    expect([await eventsOfType('JobCreated'), await eventsOfType('JobTaskAdded'), await eventsOfType('JobCibeItemAdded')]).toEqual([jobs, tasks, lines + 1]);
    const [, gi2] = (await jobsNumbered(office, 'GI-', 2)).sort((a, b) => String(a.job_number).localeCompare(String(b.job_number)));
    expect((await detail(office, gi2.id)).cibeitems).toEqual([expect.objectContaining({ issued_item_code: 'NEW', task_id: '1.1', line_number: 1 })]);
  });

  it('given a text/csv body, when previewed, then it reads as a file would', async () => {
    // The test client sends strings as JSON: this request is made by hand, with its cookies and CSRF token.
    const cookie = [...office.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const r = await fetch(`${app.url}/api/jobs/orcas/import/preview/`, { method: 'POST', headers: { cookie, 'X-CSRFToken': office.csrf!, 'content-type': 'text/csv' }, body: GOOD });
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ file_name: 'import.csv', rows: 5, jobs: 2, tasks: 3, cibe_lines: 4, ok: true });
  });

  it('given another account, when it lists jobs or imports the same file, then it sees none of the office\'s and gets jobs of its own', async () => {
    expect((await rival.get('/api/jobs/orcas/?q=GI-&page_size=500')).body.results).toEqual([]);
    expect((await preview(rival, GOOD)).body).toMatchObject({ new_jobs: 2, existing_jobs: 0 });
    const office1 = (await jobsNumbered(office, 'GI-', 2)).map((r) => r.id);
    expect(await imported(rival, GOOD)).toMatchObject({ status: 'done', done: 2 });
    const rivals = await jobsNumbered(rival, 'GI-', 2);
    expect(rivals.map((r) => r.id).filter((id) => office1.includes(id))).toEqual([]);
    expect((await office.get(`/api/jobs/${rivals[0].id}/`)).status).toBe(404);
    expect(await jobsNumbered(office, 'GI-', 2)).toHaveLength(2);
  });
});

describe('bad files', () => {
  const BAD = [
    'job_number,title,colour,task_id,task_due_date,line_number,issued_item_qty',
    'BI-1,One,,1.1,2026-13-01,1,5', // line 2: no such month
    ',No number,,,,,', // line 3
    'BI-1,Two,,1.15,,x,3', // line 4: title disagrees, task id, line number
    'BI-1,,,1.1,,1,$abc', // line 5: repeated line, bad number
  ].join('\n');
  const expected = [
    { line: 1, column: 'colour', value: 'colour', message: expect.stringContaining('is not a column of the ORCA import') },
    { line: 2, column: 'task_due_date', value: '2026-13-01', message: 'must be a date YYYY-MM-DD' },
    { line: 3, column: 'job_number', value: '', message: 'is required' },
    { line: 4, column: 'task_id', value: '1.15', message: 'must be a task number such as 1.1' },
    { line: 4, column: 'line_number', value: 'x', message: 'must be a whole number of 1 or more' },
    { line: 4, column: 'title', value: 'Two', message: 'disagrees with line 2 (One)' },
    { line: 5, column: 'issued_item_qty', value: '$abc', message: 'must be a number' },
    { line: 5, column: 'line_number', value: '1', message: 'repeats line 1 of task 1.1 of job BI-1 (line 2)' },
  ];

  it('given bad cells, when previewed, then each is named by line and column and it is not ok', async () => {
    const r = await preview(office, BAD);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: false, rows: 4, jobs: 1 });
    expect(r.body.errors).toEqual(expected);
  });

  it('given bad cells, when imported, then 400 with the same errors and nothing is written', async () => {
    const events = await eventCount();
    const ops = Number((await db.query('select count(*) from bulk_operations')).rows[0].count);
    const r = await office.request('POST', '/api/jobs/orcas/import/', form(BAD));
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ file: 'has 8 bad cells' });
    expect(r.body.errors).toEqual(expected);
    expect(await eventCount()).toBe(events);
    expect(Number((await db.query('select count(*) from bulk_operations')).rows[0].count)).toBe(ops);
  });

  it('given no file, a file over 5 MB, or an import asked through POST /api/bulk/, then refused naming the field', async () => {
    const none = await office.post('/api/jobs/orcas/import/', {});
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.fields)).toEqual(['file']);
    const big = await office.request('POST', '/api/jobs/orcas/import/preview/', form(`${HEADER}\n${'x'.repeat(5 * 1024 * 1024)}`));
    expect(big.status).toBe(413);
    expect(Object.keys(big.body.fields)).toEqual(['file']);
    const bulk = await office.post('/api/bulk/', { list: 'orca_jobs', action: 'import', ids: ['1'] });
    expect(bulk.status).toBe(400);
    expect(Object.keys(bulk.body.fields)).toEqual(['action']);
  });
});

describe('a large file', () => {
  it('given 5,000 rows (50 jobs, 2 tasks each, 50 lines per task), when imported, then every job, task and line is there once', async () => {
    const rows = [HEADER];
    for (let j = 1; j <= 50; j++)
      for (const task of ['1.1', '1.2'])
        for (let n = 1; n <= 50; n++) rows.push(`BIG-${String(j).padStart(3, '0')},Big job ${j},AT&T,,${task},,${n},C${n},Item ${n},${n},1.25,`);
    const csv = rows.join('\n');
    const p = await preview(office, csv);
    expect(p.body).toMatchObject({ rows: 5000, jobs: 50, tasks: 100, cibe_lines: 5000, new_jobs: 50, ok: true });
    const lines = await eventsOfType('JobCibeItemAdded');
    const op = await imported(office, csv);
    expect(op).toMatchObject({ status: 'done', total: 50, done: 50, failed: 0 });
    expect(await eventsOfType('JobCibeItemAdded')).toBe(lines + 5000);
    const jobs = await jobsNumbered(office, 'BIG-', 50);
    const one = await detail(office, jobs[0].id);
    expect(one.tasks).toHaveLength(2);
    expect(one.cibeitems).toHaveLength(100);
    const counted = await db.query(`select count(distinct stream_id) as jobs from events where type = 'JobCreated' and data->'values'->>'job_number' like 'BIG-%'`);
    expect(Number(counted.rows[0].jobs)).toBe(50);
  }, 180_000);
});
