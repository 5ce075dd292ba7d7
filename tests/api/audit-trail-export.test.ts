/**
 * The trail's export (docs/audit-trail.md): POST /api/audit/export/ makes a report the worker builds
 * as XLSX or CSV with the filtered rows, newest first, listed with the caller's reports; a bad format
 * or filter is a 400 naming it and asks for nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { apiTest } from '../support/apiTest.ts';
import { addLines, type MeUser } from '../support/seed.ts';

const { app, office, eventCount } = apiTest('api_audit_trail_export', { worker: true });

type Row = Record<string, any>;
let job: Row;

/** Asks for the export and waits for its file; the file's bytes. */
async function exported(body: Row) {
  const asked = await office.post('/api/audit/export/', body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ id: expect.any(String), state: 'queued' });
  await expect.poll(async () => (await office.get(`/api/reports/${asked.body.id}/`)).body.state, { timeout: 30_000, interval: 100 }).toBe('ready');
  const file = await office.download(`/api/reports/${asked.body.id}/file/`);
  expect(file.status).toBe(200);
  return { id: asked.body.id as string, file };
}

/** CSV as rows of fields (quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n')) field += c;
    else {
      row.push(field.replace(/\r$/, ''));
      field = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  return rows;
}

beforeAll(async () => {
  // given: a job with three lines, the third revised, and another job
  const me = (await office.get('/api/auth/me')).body.user as MeUser;
  job = (await office.post('/api/jobs/new/', { form_type: 'base', title: 'Export me' })).body;
  await office.post('/api/jobs/new/', { form_type: 'base', title: 'Not this one' });
  const ids = await addLines(app, me, { collection: 'job_items', recordId: job.id, lines: [1, 2, 3].map((n) => ({ line_number: n, item: `Bore, "${n}"` })) });
  expect((await office.put(`/api/jobs/items/${ids[2]}/`, { item: 'Pothole' })).status).toBe(200);
  await app.caughtUp();
});

describe('export of the filtered trail', () => {
  it('given a record filter, when exported as CSV, then the file holds exactly the rows the trail shows, newest first', async () => {
    const shown = (await office.get(`/api/audit/?record=${job.id}&page_size=500`)).body.results as Row[];
    const { file } = await exported({ format: 'csv', record: job.id });
    expect(file.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = parseCsv(file.bytes.toString('utf8').replace(/^\uFEFF/, ''));
    const [header, ...body] = rows;
    expect(header).toEqual(['When', 'Who', 'Role', 'Area', 'Record #', 'Record', 'Event', 'What happened', 'Changes (field [line]: old → new)', 'Position']);
    expect(body.map((r) => r[9])).toEqual(shown.map((r) => r.position));
    expect(body.map((r) => r[7])).toEqual(shown.map((r) => r.summary));
    expect(body.find((r) => r[6] === 'JobItemRevised')?.[8]).toBe('item [3]: Bore, "3" → Pothole');
    expect(body.every((r) => r[5] === 'Export me')).toBe(true);
  });

  it('given type and record filters, when exported as XLSX, then the sheet holds the filtered rows and the report is listed', async () => {
    const { id, file } = await exported({ format: 'xlsx', record: job.id, type: 'JobItemAdded' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const values: string[][] = [];
    ws.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const header = values.findIndex((r) => r[0] === 'When');
    const body = values.slice(header + 1).filter((r) => r[0]);
    expect(body.map((r) => r[7])).toEqual(['Item 3 added', 'Item 2 added', 'Item 1 added']);
    const listed = (await office.list('/api/reports/')).body as Row[];
    expect(listed.find((r) => String(r.id) === id)).toMatchObject({ label: 'Audit trail' });
  });

  it('given a bad format or filter, then 400 naming it and nothing is asked for', async () => {
    const before = await eventCount();
    for (const [body, field] of [
      [{ format: 'pdf' }, 'format'],
      [{ format: 'csv', area: 'nowhere' }, 'area'],
      [{ format: 'csv', from: 'soon' }, 'from'],
    ] as const) {
      const r = await office.post('/api/audit/export/', body);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.fields)).toEqual([field]);
    }
    expect(await eventCount()).toBe(before);
  });
});
