/**
 * Heavy work bounded and fair (issue 29): a file beyond the import's limits is refused at preview,
 * a file in another encoding is read right, and one account's import on a worker with a single slot
 * gives that slot back between turns, so another account's report starts within seconds while the
 * worker's heartbeat never lapses. Cancelling an import stops it where it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORCA_IMPORT_LIMITS } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { office, rival, db, eventCount } = apiTest('api_import_bounds', { worker: true, workerConcurrency: 1, reportWaitMs: 0 });

const HEADER = 'job_number,title,task_id,line_number,issued_item_code,issued_item_qty';
/** `jobs` jobs of `lines` CIBE lines each, numbered `prefix-n`. */
const csvOf = (prefix: string, jobs: number, lines: number) => {
  const rows = [HEADER];
  for (let j = 0; j < jobs; j++) for (let n = 1; n <= lines; n++) rows.push(`${prefix}-${j},Job ${j},${1 + (n % 4)}.1,${n},C${n},${n}`);
  return rows.join('\r\n') + '\r\n';
};
const form = (bytes: string | Uint8Array, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([bytes as BlobPart], { type: 'text/csv' }), 'orca.csv');
  return f;
};

let slice: string | undefined;
beforeAll(() => {
  // Turns of a second: the import gives its one slot back often enough for the test to see it.
  slice = process.env.BULK_SLICE_MS;
  process.env.BULK_SLICE_MS = '1000';
});
afterAll(() => {
  if (slice === undefined) delete process.env.BULK_SLICE_MS;
  else process.env.BULK_SLICE_MS = slice;
});

describe('limits, at preview', () => {
  it('given a file of 50,000 rows, when previewed and imported, then each is a 400 naming file with the limit, and nothing is written', async () => {
    const events = await eventCount();
    const big = csvOf('BIG', 50, 1000);
    for (const path of ['/api/jobs/orcas/import/preview/', '/api/jobs/orcas/import/']) {
      const r = await office.request('POST', path, form(big));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.fields.file).toBe(`has 50,000 rows; an import takes at most ${ORCA_IMPORT_LIMITS.rows.toLocaleString('en-US')}: split the file`);
    }
    expect(await eventCount()).toBe(events);
    expect((await db.query("select count(*)::int as n from bulk_operations where action = 'import'")).rows[0].n).toBe(0);
  });

  it('given a job of more CIBE lines than a job may take, when previewed, then a 400 names the job and its first line', async () => {
    const r = await office.request('POST', '/api/jobs/orcas/import/preview/', form(csvOf('WIDE', 1, ORCA_IMPORT_LIMITS.cibeLinesPerJob + 1)));
    expect(r.status).toBe(400);
    expect(r.body.fields.file).toBe(`job WIDE-0 (from line 2) has 2,001 CIBE lines; an import takes at most 2,000 per job`);
  });
});

describe('encodings', () => {
  // "Café" as Excel's plain CSV saves it on Windows: é is the single byte 0xE9.
  const cp1252 = Buffer.concat([Buffer.from(`${HEADER}\r\nENC-1,Caf`), Buffer.from([0xe9]), Buffer.from(' Main St,1.1,1,C1,5\r\n')]);

  it('given a Windows-1252 file, when previewed, then it is read as Windows-1252 and ok', async () => {
    const r = await office.request('POST', '/api/jobs/orcas/import/preview/', form(cp1252));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ encoding: 'windows-1252', rows: 1, ok: true, errors: [] });
  });

  it('given the same file said to be UTF-8, when previewed, then the bad byte is an error naming its line, and nothing becomes a replacement character', async () => {
    const r = await office.request('POST', '/api/jobs/orcas/import/preview/', form(cp1252, { encoding: 'utf-8' }));
    expect(r.body.ok).toBe(false);
    expect(r.body.errors).toEqual([{ line: 2, column: 'file', value: '', message: 'has a byte that is not UTF-8 (0xE9): if Excel saved the file as plain "CSV", choose Windows-1252' }]);
  });

  it('given an encoding the import does not know, when previewed, then a 400 names encoding', async () => {
    const r = await office.request('POST', '/api/jobs/orcas/import/preview/', form(cp1252, { encoding: 'ebcdic' }));
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ encoding: 'must be one of auto, utf-8, windows-1252' });
  });

  it('given a Windows-1252 file, when imported, then the job is titled "Café Main St"', async () => {
    const asked = await office.request('POST', '/api/jobs/orcas/import/', form(cp1252));
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 60_000, interval: 200 }).toBe('done');
    const titles = (await db.query("select data->'values'->>'title' as title from events where type = 'JobCreated' and data->'values'->>'job_number' = 'ENC-1'")).rows;
    expect(titles).toEqual([{ title: 'Café Main St' }]);
  });
});

/** The worker's heartbeat rows, fresh or not by their own rule (three intervals). */
const workerBeats = async () => (await db.query("select (now() - beat_at) < (interval_ms * 3) * interval '1 millisecond' as fresh from process_heartbeats where kind = 'worker'")).rows as { fresh: boolean }[];

/** A report asked for by `c` (answered with its file if it is built within the request's wait, else 202): its stream. */
async function askReport(c: Client) {
  const project = (await c.post('/api/projects/', { name: 'Fairness check', project_number: 'F-1' })).body.id as string;
  await c.list('/api/projects/?active=t');
  const r = await c.request('GET', `/api/projects/report/management/?ids=${project}`);
  expect([200, 202]).toContain(r.status);
  return (await db.query("select stream_id from events where type = 'ReportRequested' order by global_position desc limit 1")).rows[0].stream_id as string;
}

describe('fair between accounts', () => {
  it("given one account importing 4,000 rows on a worker with one slot, when another account asks for a report, then it starts within the import's first turns, the import finishes, and the worker's heartbeat never lapses", async () => {
    const asked = await office.request('POST', '/api/jobs/orcas/import/', form(csvOf('FAIR', 2, 2000)));
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    // The import has the slot and is working when the report is asked for.
    await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 30_000, interval: 100 }).toBe('running');

    const report = await askReport(rival);
    const beats: boolean[] = [];
    let status = 'running';
    while (status === 'queued' || status === 'running') {
      beats.push(...(await workerBeats()).map((b) => b.fresh));
      await new Promise((r) => setTimeout(r, 250));
      status = (await office.get(`/api/bulk/${asked.body.id}/`)).body.status;
    }
    expect(status).toBe('done');
    const op = (await office.get(`/api/bulk/${asked.body.id}/`)).body;
    expect(op).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect((await db.query("select count(*)::int as n from events where type = 'JobCibeItemAdded'")).rows[0].n).toBeGreaterThanOrEqual(4000);

    // Measured in work, not time (a busy machine slows both alike): the report started while most of
    // the import was still to do. With one slot and no turns it could only start after all 4,000 lines.
    const started = (await db.query(`select recorded_at from events where stream_id = $1 and type = 'ReportStarted'`, [report])).rows[0].recorded_at;
    const before = (await db.query(`select count(*)::int as n from events where type = 'JobCibeItemAdded' and data->'line'->>'issued_item_code' like 'C%' and recorded_at < $1 and stream_id in (select stream_id from events where type = 'JobCreated' and data->'values'->>'job_number' like 'FAIR-%')`, [started])).rows[0].n;
    expect(before).toBeLessThan(3000);
    expect(beats.length).toBeGreaterThan(0);
    expect(beats.every(Boolean)).toBe(true);
  }, 180_000);

  it('given an import running, when its requester cancels it, then it ends cancelled with what was done, and a second cancel changes nothing', async () => {
    const asked = await office.request('POST', '/api/jobs/orcas/import/', form(csvOf('STOP', 12, 200)));
    await expect.poll(async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body.done, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    const cancelled = await office.post(`/api/bulk/${asked.body.id}/cancel/`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', label: 'Cancelled' });
    await expect.poll(async () => (await db.query("select count(*)::int as n from bulk_operation_records where operation_id = $1 and state = 'pending'", [asked.body.id])).rows[0].n, { timeout: 30_000 }).toBeGreaterThan(0);
    const settled = async () => (await office.get(`/api/bulk/${asked.body.id}/`)).body;
    // The worker stops at its next record: the count it shows then no longer moves.
    await new Promise((r) => setTimeout(r, 1500));
    const first = await settled();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await settled()).toEqual(first);
    expect(first.status).toBe('cancelled');
    expect(first.done).toBeLessThan(12);
    const again = await office.post(`/api/bulk/${asked.body.id}/cancel/`, {});
    expect(again.body.status).toBe('cancelled');
    expect((await db.query("select count(*)::int as n from events where type = 'BulkOperationCancelled'")).rows[0].n).toBe(1);
  }, 120_000);

  it("given another account's operation, when cancelled, then it is a 404", async () => {
    const asked = await office.request('POST', '/api/jobs/orcas/import/', form(csvOf('MINE', 1, 1)));
    expect((await rival.post(`/api/bulk/${asked.body.id}/cancel/`, {})).status).toBe(404);
  });
});
