/** Every base-job call of spec 2 section 7 (docs/jobs.md "Calls", reports aside) over HTTP against the real app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { collectionsOf, detailKeyOf, type CollectionDef } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';
import { picture } from '../support/files.ts';

// The app's clock: today is 2026-11-22.
const now = () => new Date('2026-11-22T15:00:00Z');

const { app, office, rival, db, eventCount } = apiTest('api_jobs', { now });

type Row = { id: string } & Record<string, any>;
const ids = (rows: Row[]) => rows.map((r) => r.id);

async function newJob(values: Record<string, unknown> = {}, c = office) {
  const r = await c.post('/api/jobs/new/', { form_type: 'base', ...values });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Row;
}
async function addLine(path: string, values: Record<string, unknown> = {}, c = office) {
  const r = await c.post(path, values);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body as Row;
}
function form(name: string, body: string | Buffer = picture(`bytes of ${name}`), type = 'image/png', fields: Record<string, string> = {}) {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(body instanceof Buffer ? body : Buffer.from(body))], { type }), name);
  f.append('file_name', name);
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}
const upload = (path: string, name: string, c = office, fields: Record<string, string> = {}) => c.request('POST', path, form(name, undefined, undefined, fields));
const counter = async (kind: string) => (await office.get(`/api/settings/current_number/${kind}/`)).body.number as number;

/** Paths of a collection, from its declaration (the same as docs/jobs.md's table). */
const listPath = (def: CollectionDef, parentId: string) => `/api${def.routes.list.replace(':parentId', parentId)}`;
const itemPath = (def: CollectionDef, id: string) => `/api${def.routes.item.replace(':id', id)}/`;

/** A valid value of each editable field, from the web's field declarations. */
function sampleOf(def: CollectionDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.readOnly) continue;
    if (f.name === 'url') out[f.name] = 'https://example.com/permit';
    else if (f.kind === 'text' || f.kind === 'longtext') out[f.name] = `${f.name} 1`;
    else if (f.kind === 'number' || f.kind === 'money' || f.kind === 'percent') out[f.name] = 3;
    else if (f.kind === 'date') out[f.name] = '2026-12-01';
    else if (f.kind === 'choice') out[f.name] = f.choices![f.choices!.length - 1];
    else if (f.kind === 'flag') out[f.name] = true;
  }
  return out;
}
const editOf = (def: CollectionDef): [string, unknown] => {
  const f = def.fields.find((x) => !x.readOnly && (x.kind === 'text' || x.kind === 'longtext') && x.name !== 'url') ?? def.fields.find((x) => !x.readOnly && x.kind === 'number')!;
  return [f.name, f.kind === 'number' ? 7 : 'edited'];
};

/** Collections whose POST has rules of its own (tested apart) or that are uploads or lines of lines. */
// ORCA tasks and CIBE emails: tests/api/orca-jobs.test.ts.
const SPECIAL = ['job_assigned_users', 'job_crews', 'job_work_orders', 'job_tasks', 'job_cibe_emails'];
const plainCollections = () => collectionsOf('job').filter((d) => !d.upload && !d.parentLine && !SPECIAL.includes(d.name));

const crewIds: Record<string, string> = {};
beforeAll(async () => {
  for (const crew_name of ['Bore Crew 1', 'Aerial Crew A', 'Retired Crew']) {
    const r = await office.post('/api/settings/crews/', { crew_name });
    expect(r.status).toBe(201);
    crewIds[crew_name] = r.body.id;
  }
  expect((await office.put(`/api/settings/crews/${crewIds['Retired Crew']}`, { active: false })).status).toBe(200);
  expect((await office.post('/api/settings/jobs/sva_coordinators/', { coordinator_code: 'PL01', coordinator: 'Pat Lee' })).status).toBe(201);
});

describe('creating jobs', () => {
  it('given the job counter, when jobs are created with /new/, then each gets the next number; a client-sent number is ignored', async () => {
    const before = await counter('job');
    const a = await newJob({ title: 'First', account_job_number: '999' });
    const b = await newJob({ title: 'Second' });
    expect(a).toMatchObject({ account_job_number: String(before + 1), form_type: 'base', work_status: 'New', archived: false, version: 1 });
    expect(b.account_job_number).toBe(String(before + 2));
    expect(await counter('job')).toBe(before + 2);
  });

  it('given POST /jobs/ (the all-others dashboard and the old bid path), then a number is issued when none is sent and kept when one is', async () => {
    const before = await counter('job');
    const issued = await office.post('/api/jobs/', { form_type: 'base', work_status: 'New' });
    expect(issued.status).toBe(201);
    expect(issued.body.account_job_number).toBe(String(before + 1));
    const kept = await office.post('/api/jobs/', { form_type: 'base', work_status: 'New', account_job_number: 'LEGACY-7' });
    expect(kept.body.account_job_number).toBe('LEGACY-7');
    expect(await counter('job')).toBe(before + 1);
  });

  it('given 20 users creating jobs at the same moment, then every job has its own number, none skipped', async () => {
    const before = await counter('job');
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => office.post('/api/jobs/new/', { form_type: 'base', title: `Parallel ${i}` })));
    expect(made.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = made.map((r) => Number(r.body.account_job_number)).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
  });

  it('given bad input, then 400 naming each field, and nothing is written (not even a number)', async () => {
    const before = await eventCount();
    const noForm = await office.post('/api/jobs/new/', { title: 'No form' });
    expect(noForm.status).toBe(400);
    expect(Object.keys(noForm.body.fields)).toEqual(['form_type']);
    const bad = await office.post('/api/jobs/new/', { form_type: 'orca', completion_date: '31/12/2026', estimated_payout: 'lots', colour: 'Teal' });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['colour', 'completion_date', 'estimated_payout', 'form_type']);
    expect((await office.post('/api/jobs/', { form_type: 'nope' })).body.fields).toHaveProperty('form_type');
    expect(await eventCount()).toBe(before);
  });

  it('given a bid, when a job is created from it, then the job has the next job number, in its one JobCreatedFromBid event', async () => {
    const bid = (await office.post('/api/bids/', { work_request: 'WR-NUM' })).body;
    const before = await counter('job');
    const r = await office.post(`/api/bids/${bid.id}/create_job/`);
    expect(r.status).toBe(201);
    expect(r.body.job.account_job_number).toBe(String(before + 1));
    expect((await office.get(`/api/jobs/${r.body.id}/history/`)).body.map((e: { type: string }) => e.type)).toEqual(['JobCreatedFromBid']);
  });
});

describe('the job record', () => {
  it('given a job, when read, then every field, the computed fields, every collection (empty) and an ETag', async () => {
    const j = await newJob({ title: 'Elm St', completion_date: '2026-11-25', permit_expiration_date: '2026-11-28', colour: 'Green Lt', estimated_payout: '1000' });
    const r = await office.get(`/api/jobs/${j.id}/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('etag')).toBe('"1"');
    expect(r.body).toMatchObject({
      title: 'Elm St',
      job_days_left: 3,
      job_days_colour: 'red',
      permit_days_left: 6,
      colour_background: 'rgba(64, 192, 87, 0.3)',
      crew_string: '',
      pdf_bundle: null,
      total_job: 0,
      payout_pct_of_total: 0,
      segment_rollups: [],
    });
    for (const def of collectionsOf('job')) expect(r.body[detailKeyOf(def)], detailKeyOf(def)).toEqual([]);
    for (const f of ['customer', 'coordinator_code', 'start_date', 'geo_loc', 'summary_description']) expect(r.body).toHaveProperty(f, null);
  });

  it('given job_with_related, then the detail; job_with_related_update saves the fields (the detail may be sent back whole) and answers the detail', async () => {
    const j = await newJob({ title: 'Related' });
    await addLine(`/api/jobs/${j.id}/items/`, { item: 'Bore', qty: 2, price: 10 });
    const got = await office.get(`/api/jobs/job_with_related/${j.id}/`);
    expect(got.status).toBe(200);
    expect(got.body.items).toHaveLength(1);
    const { version: _v, ...detail } = got.body;
    const put = await office.put(`/api/jobs/job_with_related_update/${j.id}/`, { ...detail, title: 'Related, renamed', items: [] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Related, renamed', version: 3, total_job: 20 });
    expect(put.body.items).toHaveLength(1);
  });

  it('given two users editing one version, when both change the title, then the second gets 409 naming title with the current job (both PUT paths), and nothing is written', async () => {
    const j = await newJob({ title: 'Race' });
    const frank = await office.addColleague('Frank Field');
    expect((await frank.put(`/api/jobs/${j.id}`, { title: 'First' }, { 'If-Match': '"1"' })).status).toBe(200);
    const before = await eventCount();
    const r = await office.put(`/api/jobs/${j.id}`, { title: 'Second' }, { 'If-Match': '"1"' });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toMatchObject([{ field: 'title', yours: 'Second', theirs: 'First', by: 'Frank Field' }]);
    expect(r.body.current).toMatchObject({ title: 'First', version: 2 });
    const w = await office.put(`/api/jobs/job_with_related_update/${j.id}/`, { title: 'Third', coordinator_code: 'ZZ99', coordinator: 'Stale Writer' }, { 'If-Match': '"1"' });
    expect(w.status).toBe(409);
    // A refused save adds no coordinator either.
    expect(await eventCount()).toBe(before);
    // Another field from the same old version merges.
    const m = await office.put(`/api/jobs/${j.id}`, { title: 'Race', customer: 'AT&T', version: 1 });
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({ title: 'First', customer: 'AT&T', version: 3 });
  });

  it('given a job, when archived, edited and deleted, then history lists each change, as_of shows the past, and a deleted job is 404', async () => {
    const j = await newJob({ title: 'Short lived' });
    expect((await office.put(`/api/jobs/${j.id}`, { archived: true })).body).toMatchObject({ archived: true, title: 'Short lived' });
    const h = (await office.get(`/api/jobs/${j.id}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['JobCreated', 'JobRevised']);
    expect((await office.get(`/api/jobs/${j.id}?as_of=2026-11-22T15:00:00Z`)).status).toBe(200);
    expect((await office.get(`/api/jobs/${j.id}?as_of=2026-01-01T00:00:00Z`)).status).toBe(404);
    expect((await office.del(`/api/jobs/${j.id}`)).status).toBe(200);
    expect((await office.get(`/api/jobs/${j.id}`)).status).toBe(404);
    // Its number finds no job any more (a key that is also some other record's id may find that one).
    const gone = await office.list(`/api/jobs/lookup/${j.account_job_number}/`);
    expect(gone.status === 404 || gone.body.id !== j.id).toBe(true);
  });

  it("given another account's job and lines, when read, edited, deleted, looked up or given lines, then 404 and nothing is written", async () => {
    const j = await newJob({ title: 'Ours' });
    const item = await addLine(`/api/jobs/${j.id}/items/`, { item: 'Ours' });
    const ts = await addLine(`/api/jobs/${j.id}/timesheets/`, { timesheet_number: 'TS-1' });
    const tc = await addLine(`/api/jobs/timesheets/${ts.id}/timecards/`, { worker_name: 'Ours' });
    const before = await eventCount();
    const rivalCrew = (await rival.post('/api/settings/crews/', { crew_name: 'Bore Crew 1' })).body;
    const afterRivalCrew = await eventCount();
    expect(rivalCrew.id).toBeTruthy();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/jobs/${j.id}/`],
      ['PUT', `/api/jobs/${j.id}/`, { title: 'Theirs' }],
      ['DELETE', `/api/jobs/${j.id}/`],
      ['GET', `/api/jobs/${j.id}/history/`],
      ['GET', `/api/jobs/job_with_related/${j.id}/`],
      ['PUT', `/api/jobs/job_with_related_update/${j.id}/`, { title: 'Theirs', coordinator_code: 'RV1', coordinator: 'Rival Coord' }],
      ['GET', `/api/jobs/lookup/${j.id}/`],
      ['GET', `/api/jobs/${j.id}/items/`],
      ['POST', `/api/jobs/${j.id}/items/`, { item: 'Theirs' }],
      ['PUT', `/api/jobs/items/${item.id}/`, { item: 'Theirs' }],
      ['DELETE', `/api/jobs/items/${item.id}/`],
      ['GET', `/api/jobs/timesheets/${ts.id}/timecards/`],
      ['POST', `/api/jobs/timesheets/${ts.id}/timecards/`, { worker_name: 'Theirs' }],
      ['PUT', `/api/jobs/timesheets/timecards/${tc.id}/`, { worker_name: 'Theirs' }],
      ['DELETE', `/api/jobs/timesheets/timecards/${tc.id}/`],
      ['POST', `/api/jobs/${j.id}/crews/`, { crew_name: 'Bore Crew 1' }],
      ['POST', `/api/jobs/${j.id}/work_orders/`, { work_description: 'Theirs' }],
      ['POST', `/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: 'nobody@example.com' }],
    ];
    for (const [method, path, body] of calls) expect((await rival.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    const f = await rival.request('POST', `/api/jobs/${j.id}/files/`, form('theirs.png'));
    expect(f.status).toBe(404);
    expect(await eventCount()).toBe(afterRivalCrew);
    expect(afterRivalCrew - before).toBe(1);
    expect((await office.get(`/api/jobs/${j.id}/`)).body).toMatchObject({ title: 'Ours', items: [expect.objectContaining({ item: 'Ours' })] });
  });
});

describe('looking a job up', () => {
  it('given a job, then its account_job_number finds it, and so does its id; an unknown key is 404', async () => {
    const j = await newJob({ title: 'Findable' });
    const byNumber = await office.list(`/api/jobs/lookup/${j.account_job_number}/`);
    expect(byNumber.body).toEqual({ id: j.id, account_job_number: j.account_job_number });
    expect((await office.get(`/api/jobs/lookup/${j.id}/`)).body).toEqual({ id: j.id, account_job_number: j.account_job_number });
    expect((await office.get('/api/jobs/lookup/no-such-job/')).status).toBe(404);
    expect((await office.get('/api/jobs/lookup/987654321/')).status).toBe(404);
  });
});

describe('the coordinator rule on save', () => {
  const coordinators = async () => (await office.list('/api/settings/jobs/sva_coordinators/')).body as Row[];

  it('given a known code, then nothing is added; an unknown code with a coordinator adds one with the job\'s phone and e-mail', async () => {
    const j = await newJob({ title: 'Coordinated' });
    await office.put(`/api/jobs/${j.id}`, { coordinator_code: 'PL01', coordinator: 'Pat Lee' });
    expect((await coordinators()).map((c) => c.coordinator_code)).toEqual(['PL01']);
    const r = await office.put(`/api/jobs/job_with_related_update/${j.id}/`, { coordinator_code: 'kn03', coordinator: 'Kim Nguyen', coord_phone1: '555-0133', coordinator_email: 'kim@att.example' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ coordinator_code: 'kn03', coordinator: 'Kim Nguyen' });
    const added = (await coordinators()).find((c) => c.coordinator_code === 'kn03');
    expect(added).toMatchObject({ coordinator: 'Kim Nguyen', coord_phone1: '555-0133', coordinator_email: 'kim@att.example' });
    // Saving again (the code is known now, whatever its case) adds nothing.
    await office.put(`/api/jobs/${j.id}`, { coordinator_code: 'KN03', title: 'Again' });
    expect((await coordinators()).filter((c) => /kn03/i.test(c.coordinator_code))).toHaveLength(1);
  });

  it('given an unknown code and a blank coordinator, or a coordinator and no code, then nothing is added', async () => {
    const j = await newJob();
    const before = await eventCount();
    await office.put(`/api/jobs/${j.id}`, { coordinator_code: 'NOPE1', coordinator: '  ' });
    await office.put(`/api/jobs/${j.id}`, { coordinator_code: null, coordinator: 'Nameless Code' });
    await office.put(`/api/jobs/${j.id}`, { coordinator_code: '', title: 'Saved again' });
    expect(await eventCount()).toBe(before + 3);
    expect((await coordinators()).filter((c) => c.coordinator === 'Nameless Code' || c.coordinator_code === 'NOPE1')).toEqual([]);
  });

  it('given a job e-mail that is not an address, then the coordinator is added without it and the job keeps what was typed', async () => {
    const j = await newJob();
    const r = await office.put(`/api/jobs/${j.id}`, { coordinator_code: 'EM01', coordinator: 'Email Less', coordinator_email: 'call the office' });
    expect(r.body.coordinator_email).toBe('call the office');
    expect((await coordinators()).find((c) => c.coordinator_code === 'EM01')).toMatchObject({ coordinator: 'Email Less', coordinator_email: null });
  });

  it('given a new job with an unknown coordinator, then it is added once the job is written, and the answer\'s position is the coordinator\'s (the next read sees both)', async () => {
    const r = await office.post('/api/jobs/new/', { form_type: 'base', coordinator_code: 'NEW9', coordinator: 'Newly Made' });
    expect(r.status).toBe(201);
    const { rows } = await db.query(
      `select type, transaction_id::text || ':' || global_position as position from events where (type = 'SvaCoordinatorAdded' and data->'values'->>'coordinator_code' = 'NEW9') or stream_id = $1 order by global_position`,
      [`job-${r.body.id}`],
    );
    expect(rows.map((e) => e.type)).toEqual(['JobCreated', 'SvaCoordinatorAdded']);
    expect(r.headers.get('x-position')).toBe(rows[1].position);
    expect((await coordinators()).find((c) => c.coordinator_code === 'NEW9')).toMatchObject({ coordinator: 'Newly Made' });
  });

  it('given five jobs saved at once with the same new code, then one coordinator is added and every job is saved', async () => {
    const jobs = await Promise.all(Array.from({ length: 5 }, (_, i) => newJob({ title: `Same coord ${i}` })));
    const saves = await Promise.all(jobs.map((j) => office.put(`/api/jobs/${j.id}`, { coordinator_code: 'RACE1', coordinator: 'Race Coord' })));
    expect(saves.map((s) => s.status)).toEqual(Array(5).fill(200));
    expect((await coordinators()).filter((c) => c.coordinator_code === 'RACE1')).toHaveLength(1);
  });

  it('given adding the coordinator fails, then the job edit is still saved', async () => {
    const j = await newJob({ title: 'Resilient' });
    // Postgres refuses any coordinator event while the trigger is there.
    await db.query(`create or replace function tl_refuse_coordinators() returns trigger language plpgsql as $$
      begin if new.stream_id like 'sva_coordinator-%' then raise exception 'no coordinators today'; end if; return new; end $$`);
    await db.query('create trigger tl_refuse_coordinators before insert on events for each row execute function tl_refuse_coordinators()');
    try {
      const r = await office.put(`/api/jobs/${j.id}`, { coordinator_code: 'FAIL1', coordinator: 'Never Added', title: 'Resilient, edited' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ title: 'Resilient, edited', coordinator_code: 'FAIL1' });
    } finally {
      await db.query('drop trigger tl_refuse_coordinators on events');
      await db.query('drop function tl_refuse_coordinators()');
    }
    expect((await office.get(`/api/jobs/${j.id}`)).body.title).toBe('Resilient, edited');
    expect((await coordinators()).find((c) => c.coordinator_code === 'FAIL1')).toBeUndefined();
  });
});

describe('collections', () => {
  it('given every plain collection, when a line is added, listed, edited and deleted, then the list path, the line path and the detail agree', async () => {
    const j = await newJob({ title: 'Every collection' });
    const defs = plainCollections();
    expect(defs.length).toBeGreaterThanOrEqual(12);
    for (const def of defs) {
      const key = detailKeyOf(def);
      const sample = sampleOf(def);
      const added = await addLine(listPath(def, j.id), sample);
      expect(added, def.name).toMatchObject({ ...sample, job: j.id });
      expect((await office.get(listPath(def, j.id))).body.map((l: Row) => l.id), def.name).toEqual([added.id]);
      const [field, value] = editOf(def);
      const put = await office.put(itemPath(def, added.id), { [field]: value });
      expect(put.status, def.name).toBe(200);
      expect(put.body[field], def.name).toEqual(value);
      expect((await office.get(`/api/jobs/${j.id}/`)).body[key], def.name).toEqual([expect.objectContaining({ id: added.id, [field]: value })]);
      expect((await office.del(itemPath(def, added.id))).status, def.name).toBe(200);
      expect((await office.get(listPath(def, j.id))).body, def.name).toEqual([]);
      // A deleted line is never silently made again: 410 says who deleted it.
      const gone = await office.put(itemPath(def, added.id), { [field]: value });
      expect(gone.status, def.name).toBe(410);
      expect(gone.body.message, def.name).toMatch(/was deleted by Office User at/);
    }
  });

  it('given defaults, then a note is Update with its author, an invoice Not Paid, a material Need, a segment New, a payout Crew Payout, an IWA attfiber', async () => {
    const j = await newJob();
    expect(await addLine(`/api/jobs/${j.id}/notes/`, { note: 'Hi' })).toMatchObject({ note_status: 'Update', created_by: 'Office User', created_date: '2026-11-22T15:00:00.000Z' });
    expect(await addLine(`/api/jobs/${j.id}/invoices/`, {})).toMatchObject({ status: 'Not Paid' });
    expect(await addLine(`/api/jobs/${j.id}/materials/`, { qty: 4, price: 2.5, cost: 1.25 })).toMatchObject({ status: 'Need', total_price: 10, total_cost: 5 });
    expect(await addLine(`/api/jobs/${j.id}/segments/`, {})).toMatchObject({ work_status: 'New' });
    expect(await addLine(`/api/jobs/${j.id}/crew_payouts/`, {})).toMatchObject({ category: 'Crew Payout' });
    expect(await addLine(`/api/jobs/${j.id}/iwas/`, {})).toMatchObject({ form_type: 'attfiber' });
    expect(await addLine(`/api/jobs/${j.id}/productions/`, { work_type: 'Splice' })).toMatchObject({ form_type: 'single_point' });
  });

  it('given bad line values, then 400 naming each field, and nothing is written', async () => {
    const j = await newJob();
    const item = await addLine(`/api/jobs/${j.id}/items/`, { item: 'Bore' });
    const before = await eventCount();
    const cases: [string, string, unknown, string[]][] = [
      ['POST', `/api/jobs/${j.id}/items/`, { qty: 'lots', price: 'cheap' }, ['price', 'qty']],
      ['PUT', `/api/jobs/items/${item.id}/`, { qty: 'many' }, ['qty']],
      ['POST', `/api/jobs/${j.id}/links/`, { url: 'not a web address' }, ['url']],
      ['POST', `/api/jobs/${j.id}/invoices/`, { status: 'Maybe', invoice_date: 'soon' }, ['invoice_date', 'status']],
      ['POST', `/api/jobs/${j.id}/change_orders/`, { status: 'Whatever' }, ['status']],
      ['POST', `/api/jobs/${j.id}/work_orders/`, { scheduled_date: 'tomorrow' }, ['scheduled_date']],
      ['POST', `/api/jobs/${j.id}/crews/`, { crew_name: 'Bore Crew 1', segment_ref: 'abc' }, ['segment_ref']],
    ];
    for (const [method, path, body, fields] of cases) {
      const r = await office.request(method, path, body);
      expect(r.status, path).toBe(400);
      expect(Object.keys(r.body.fields).sort(), path).toEqual(fields);
    }
    expect(await eventCount()).toBe(before);
  });

  it('given uploads, then photos, general files and PDF bundles are stored and served; a new bundle replaces the old', async () => {
    const j = await newJob({ title: 'Uploads' });
    const photo = await upload(`/api/jobs/${j.id}/files/`, 'site.png');
    expect(photo.status).toBe(201);
    expect(photo.body).toMatchObject({ file_name: 'site.png', file_type: 'photo', uploaded_by: 'Office User' });
    expect((await office.download(photo.body.file)).bytes).toEqual(picture('bytes of site.png'));
    expect((await office.put(`/api/jobs/photos/${photo.body.id}/`, { caption: 'Before' })).body.caption).toBe('Before');
    const general = await upload(`/api/jobs/${j.id}/general_files/`, 'plan.pdf');
    expect(general.status).toBe(201);
    expect((await upload(`/api/jobs/${j.id}/pdf_bundles/`, 'one.pdf', office, { file_type: 'pdf_bundle' })).status).toBe(201);
    expect((await upload(`/api/jobs/${j.id}/pdf_bundles/`, 'two.pdf', office, { file_type: 'pdf_bundle' })).status).toBe(201);
    const detail = (await office.get(`/api/jobs/${j.id}/`)).body;
    expect(detail.files.map((f: Row) => f.file_name)).toEqual(['site.png']);
    expect(detail.general_files.map((f: Row) => f.file_name)).toEqual(['plan.pdf']);
    expect(detail.pdf_bundles.map((f: Row) => f.file_name)).toEqual(['two.pdf']);
    expect(detail.pdf_bundle).toMatchObject({ file_name: 'two.pdf' });
    const missing = await office.request('POST', `/api/jobs/${j.id}/files/`, new FormData());
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('file');
    expect((await office.del(`/api/jobs/photos/${photo.body.id}/`)).status).toBe(200);
    expect((await office.del(`/api/jobs/general_files/${general.body.id}/`)).status).toBe(200);
    expect((await office.get(`/api/jobs/${j.id}/files/`)).body).toEqual([]);
  });

  it('given a timesheet, then timecards are added, listed, edited and deleted under it', async () => {
    const j = await newJob();
    const ts = await addLine(`/api/jobs/${j.id}/timesheets/`, { timesheet_number: 'TS-1', week_ending: '2026-11-20' });
    const other = await addLine(`/api/jobs/${j.id}/timesheets/`, { timesheet_number: 'TS-2' });
    const tc = await addLine(`/api/jobs/timesheets/${ts.id}/timecards/`, { worker_name: 'Luis', hours: 9 });
    await addLine(`/api/jobs/timesheets/${other.id}/timecards/`, { worker_name: 'Tom', hours: 8 });
    expect(tc).toMatchObject({ job_timesheet: ts.id, job: j.id, hours: 9 });
    expect((await office.get(`/api/jobs/timesheets/${ts.id}/timecards/`)).body.map((l: Row) => l.worker_name)).toEqual(['Luis']);
    expect((await office.put(`/api/jobs/timesheets/timecards/${tc.id}/`, { hours: 10 })).body.hours).toBe(10);
    expect((await office.get(`/api/jobs/${j.id}/`)).body.job_timecards).toHaveLength(2);
    expect((await office.del(`/api/jobs/timesheets/timecards/${tc.id}/`)).status).toBe(200);
    expect((await office.get(`/api/jobs/timesheets/${ts.id}/timecards/`)).body).toEqual([]);
    // A timecard under a line that is not a timesheet of a job of the account is 404.
    expect((await office.post(`/api/jobs/timesheets/${j.id}/timecards/`, { worker_name: 'Nobody' })).status).toBe(404);
  });

  it('given a work order, then its items and materials are added, edited and listed under it; deleting it removes them (cascade)', async () => {
    const j = await newJob();
    const wo = await addLine(`/api/jobs/${j.id}/work_orders/`, { work_description: 'Bore HH-1 to HH-2', crew_name: 'Bore Crew 1' });
    const item = await addLine(`/api/jobs/work_orders/${wo.id}/items/`, { item: 'Bore', qty: 500 });
    const mat = await addLine(`/api/jobs/work_orders/${wo.id}/materials/`, { item_code: 'HD125', qty: 520 });
    expect(item).toMatchObject({ job_work_order: wo.id, allocated: false });
    expect(mat).toMatchObject({ job_work_order: wo.id });
    expect((await office.put(`/api/jobs/work_orders/items/${item.id}/`, { allocated: true })).body.allocated).toBe(true);
    expect((await office.put(`/api/jobs/work_orders/materials/${mat.id}/`, { qty: 530 })).body.qty).toBe(530);
    expect((await office.get(`/api/jobs/work_orders/${wo.id}/items/`)).body).toHaveLength(1);
    expect((await office.get(`/api/jobs/work_orders/${wo.id}/materials/`)).body).toHaveLength(1);
    const del = await office.del(`/api/jobs/work_orders/${wo.id}/`);
    expect(del.status).toBe(200);
    const detail = (await office.get(`/api/jobs/${j.id}/`)).body;
    expect([detail.work_orders, detail.job_work_order_items, detail.job_work_order_materials]).toEqual([[], [], []]);
    expect((await office.put(`/api/jobs/work_orders/items/${item.id}/`, { qty: 1 })).status).toBe(410);
    const h = (await office.get(`/api/jobs/${j.id}/history/`)).body.map((e: { type: string }) => e.type);
    expect(h.slice(-3)).toEqual(['JobWorkOrderItemRemoved', 'JobWorkOrderMaterialRemoved', 'JobWorkOrderRemoved']);
  });

  it('given a damage report and a production, then their photos are uploaded under them and removed with them', async () => {
    const j = await newJob();
    const dr = await addLine(`/api/jobs/${j.id}/damagereports/`, { description: 'Nicked a line' });
    expect(dr.status).toBe('New');
    const drPhoto = await upload(`/api/jobs/damagereports/${dr.id}/damage_report_photos/`, 'damage.png');
    expect(drPhoto.status, JSON.stringify(drPhoto.body)).toBe(201);
    expect(drPhoto.body).toMatchObject({ damage_report: dr.id, file_name: 'damage.png' });
    expect((await office.put(`/api/jobs/damagereports/damage_report_photos/${drPhoto.body.id}/`, { caption: 'Fixed' })).body.caption).toBe('Fixed');
    const prod = await addLine(`/api/jobs/${j.id}/productions/`, { segment_number: '1', feet: 100 });
    const prodPhoto = await upload(`/api/jobs/productions/${prod.id}/photos/`, 'pit.png');
    expect(prodPhoto.body).toMatchObject({ production: prod.id });
    expect((await office.get(`/api/jobs/productions/${prod.id}/photos/`)).body).toHaveLength(1);
    expect((await office.download(prodPhoto.body.file)).bytes).toEqual(picture('bytes of pit.png'));
    await office.del(`/api/jobs/damagereports/${dr.id}/`);
    await office.del(`/api/jobs/productions/${prod.id}/`);
    const detail = (await office.get(`/api/jobs/${j.id}/`)).body;
    expect([detail.job_damage_report_photos, detail.job_production_photos]).toEqual([[], []]);
    const left = await office.del(`/api/jobs/productions/photos/${prodPhoto.body.id}/`);
    expect(left.status).toBe(410);
  });

  it('given lines, then the job totals and segment roll-ups come through the API and the list row', async () => {
    const j = await newJob({ title: 'Totals', estimated_payout: 1000 });
    await addLine(`/api/jobs/${j.id}/items/`, { item: 'Bore', qty: 10, price: 12.5 });
    await addLine(`/api/jobs/${j.id}/items/`, { item: 'No price', qty: 10 });
    await addLine(`/api/jobs/${j.id}/change_orders/`, { qty: 2, price: 50.05 });
    await addLine(`/api/jobs/${j.id}/crew_payouts/`, { crew_payout_amount: 300 });
    await addLine(`/api/jobs/${j.id}/crew_payouts/`, { crew_payout_amount: 40, category: 'Materials Payout' });
    await addLine(`/api/jobs/${j.id}/invoices/`, { invoice_amount: 200 });
    await addLine(`/api/jobs/${j.id}/segments/`, { segment_number: '1', feet: 400, plan_days: 3 });
    await addLine(`/api/jobs/${j.id}/productions/`, { segment_number: '1', feet: 100, production_days: 1, crew_payout_amount: 50 });
    await addLine(`/api/jobs/${j.id}/productions/`, { segment_number: '1', feet: 34, production_days: 1 });
    const expected = {
      total_po_item_amounts: 125,
      total_change_orders: 100.1,
      total_job: 225.1,
      total_job_invoiced_actual: 200,
      total_crew_payouts: 300,
      total_payouts: 340,
      payout_pct_of_total: 30,
      total_gross_profit: -74.9,
      job_operations_gross_profit: -140,
      segment_plan_feet: 400,
      segment_total_feet: 134,
      segment_total_days: 2,
      segment_percent_complete: 34,
    };
    const detail = (await office.get(`/api/jobs/${j.id}/`)).body;
    expect(detail).toMatchObject(expected);
    expect(detail.segment_rollups).toEqual([expect.objectContaining({ segment_number: '1', feet: 400, segment_total_feet: 134, segment_total_days: 2, production_payouts: 50, percent_complete: 34 })]);
    expect(detail.segments).toEqual([expect.objectContaining({ segment_number: '1', segment_total_feet: 134, segment_total_days: 2, percent_complete: 34, percent_days_used: 67 })]);
    const row = (await office.list('/api/jobs/?active=t&q=totals')).body.find((r: Row) => r.id === j.id);
    expect(row).toMatchObject(expected);
    // The list sends what its table shows: no roll-ups or long texts (the all-others rows keep the roll-ups).
    expect(row).not.toHaveProperty('segment_rollups');
    expect(row).not.toHaveProperty('job_summary');
    const other = (await office.list('/api/jobs/all_others/?active=t&q=totals')).body.find((r: Row) => r.id === j.id);
    expect(other.segment_rollups).toHaveLength(1);
  });
});

describe('assigned users', () => {
  let fieldEmail: string;
  let quitterEmail: string;
  beforeAll(async () => {
    fieldEmail = `frank.${Date.now()}@example.com`;
    quitterEmail = `quit.${Date.now()}@example.com`;
    expect((await office.post('/api/settings/users/', { display_name: 'Frank Field', email: fieldEmail, password: 'long enough pw' })).status).toBe(201);
    const q = await office.post('/api/settings/users/', { display_name: 'Quinn Quit', email: quitterEmail, password: 'long enough pw' });
    expect((await office.put(`/api/settings/users/${q.body.id}/`, { active: false })).status).toBe(200);
  });

  it('given an active user of the account, when assigned by e-mail, then the line holds the user; twice is a 409; the DELETE un-assigns', async () => {
    const j = await newJob();
    const r = await office.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: fieldEmail.toUpperCase() });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ email: fieldEmail, display_name: 'Frank Field', last_name: 'Field', user_id: expect.stringMatching(/^\d+$/), job: j.id });
    const again = await office.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: fieldEmail });
    expect(again.status).toBe(409);
    expect(again.body.fields).toHaveProperty('user_to_be_assigned');
    expect((await office.get(`/api/jobs/${j.id}/assign_users/`)).body.map((u: Row) => u.email)).toEqual([fieldEmail]);
    expect((await office.get(`/api/jobs/${j.id}/`)).body.assign_users).toHaveLength(1);
    expect((await office.del(`/api/jobs/assign_users/${r.body.id}/`)).status).toBe(200);
    expect((await office.get(`/api/jobs/${j.id}/assign_users/`)).body).toEqual([]);
    expect((await office.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: fieldEmail })).status).toBe(201);
  });

  it("given no name, an unknown e-mail, an inactive user or another account's user, then 400 naming user_to_be_assigned and nothing is written", async () => {
    const j = await newJob();
    const rivalEmail = (await rival.get('/api/auth/me')).body.email as string;
    const before = await eventCount();
    for (const body of [{}, { user_to_be_assigned: '' }, { user_to_be_assigned: '  ' }, { user_to_be_assigned: null }]) {
      const r = await office.post(`/api/jobs/${j.id}/assign_users/`, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: 'Please choose a name', fields: { user_to_be_assigned: 'Please choose a name' } });
    }
    for (const who of ['nobody@example.com', quitterEmail, rivalEmail]) {
      const r = await office.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: who });
      expect(r.status, who).toBe(400);
      expect(Object.keys(r.body.fields)).toEqual(['user_to_be_assigned']);
    }
    expect(await eventCount()).toBe(before);
  });

  it('given the same user assigned twice at the same moment, then one is assigned and the other is a 409', async () => {
    const j = await newJob();
    const both = await Promise.all([0, 1, 2].map(() => office.post(`/api/jobs/${j.id}/assign_users/`, { user_to_be_assigned: fieldEmail })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await office.get(`/api/jobs/${j.id}/assign_users/`)).body).toHaveLength(1);
  });
});

describe('crews on a job', () => {
  it("given a crew of Settings, when named with other spacing and case, then the crew's own name and id are stored, and crew_string shows it", async () => {
    const j = await newJob();
    const r = await office.post(`/api/jobs/${j.id}/crews/`, { crew_name: '  bore   CREW 1 ', segment_number: '2' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ crew_name: 'Bore Crew 1', crew: crewIds['Bore Crew 1'], segment_number: '2' });
    expect((await office.get(`/api/jobs/${j.id}/`)).body.crew_string).toBe('Bore Crew 1');
    const put = await office.put(`/api/jobs/crews/${r.body.id}/`, { crew_name: 'aerial crew a' });
    expect(put.body).toMatchObject({ crew_name: 'Aerial Crew A', crew: crewIds['Aerial Crew A'] });
    expect((await office.put(`/api/jobs/crews/${r.body.id}/`, { segment_number: '3', crew: '1' })).body).toMatchObject({ segment_number: '3', crew: crewIds['Aerial Crew A'] });
  });

  it("given a blank name, a name that is no crew, an inactive crew, or another account's crew, then 400 'Please enter a Crew name' naming crew_name, and nothing is written", async () => {
    const j = await newJob();
    const line = await addLine(`/api/jobs/${j.id}/crews/`, { crew_name: 'Bore Crew 1' });
    await rival.post('/api/settings/crews/', { crew_name: 'Rival Only Crew' });
    const before = await eventCount();
    for (const crew_name of [undefined, '', '   ', 'Nobody Crew', 'Retired Crew', 'Rival Only Crew']) {
      const r = await office.post(`/api/jobs/${j.id}/crews/`, { crew_name });
      expect(r.status, String(crew_name)).toBe(400);
      expect(r.body).toMatchObject({ message: 'Please enter a Crew name', fields: { crew_name: 'Please enter a Crew name' } });
    }
    const put = await office.put(`/api/jobs/crews/${line.id}/`, { crew_name: 'Nobody Crew' });
    expect(put.status).toBe(400);
    expect(put.body.fields).toHaveProperty('crew_name');
    expect(await eventCount()).toBe(before);
  });
});

describe('work orders', () => {
  it('given the work-order counter, then each new work order takes its next number (a sent number is ignored), also when added at once', async () => {
    const j = await newJob();
    const before = await counter('job/work_order');
    const one = await addLine(`/api/jobs/${j.id}/work_orders/`, { work_description: 'First', work_order_number: 'MINE' });
    expect(one.work_order_number).toBe(String(before + 1));
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => office.post(`/api/jobs/${j.id}/work_orders/`, { work_description: `Parallel ${i}` })));
    expect(many.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(many.map((r) => Number(r.body.work_order_number)).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7].map((k) => before + k));
    expect((await office.get(`/api/jobs/${j.id}/work_orders/`)).body).toHaveLength(7);
  });

  it('given a bad work order or one for a job of another account, then no number is spent', async () => {
    const j = await newJob();
    const before = await counter('job/work_order');
    expect((await office.post(`/api/jobs/${j.id}/work_orders/`, { line_number: 'first' })).status).toBe(400);
    expect((await rival.post(`/api/jobs/${j.id}/work_orders/`, {})).status).toBe(404);
    expect(await counter('job/work_order')).toBe(before);
  });
});

describe('the job list and the all-other-jobs dashboard', () => {
  let soon: string, later: string, archived: string, undated: string, orca: string, overdue: string;
  beforeAll(async () => {
    soon = (await newJob({ title: 'Listed soon', start_date: '2026-11-01', completion_date: '2026-11-27', form_type: 'attfiber' })).id;
    later = (await newJob({ title: 'Listed later', start_date: '2027-01-10', completion_date: '2027-03-01' })).id;
    archived = (await newJob({ title: 'Listed archived', completion_date: '2026-11-23', archived: true })).id;
    undated = (await newJob({ title: 'Listed undated' })).id;
    orca = (await newJob({ title: 'Listed orca', form_type: 'attorca', start_date: '2026-11-05', completion_date: '2026-11-24' })).id;
    overdue = (await newJob({ title: 'Listed overdue', start_date: '2026-10-01', completion_date: '2026-11-20' })).id;
    await addLine(`/api/jobs/${soon}/segments/`, { segment_number: '1', feet: 200 });
    await addLine(`/api/jobs/${soon}/productions/`, { segment_number: '1', feet: 50 });
  });

  it('given jobs, when listed active, then soonest completion first, undated last, archived left out, with days left and colour', async () => {
    const r = await office.list('/api/jobs/?active=t&archived=f&q=listed');
    expect(ids(r.body)).toEqual([overdue, orca, soon, later, undated]);
    expect(r.body.find((x: Row) => x.id === soon)).toMatchObject({ job_days_left: 5, job_days_colour: 'orange', title: 'Listed soon', account_job_number: expect.any(String) });
    expect(r.body.find((x: Row) => x.id === overdue)).toMatchObject({ job_days_left: -2, job_days_colour: 'red' });
  });

  it('given the toggles, then archived only, both, and neither; a bad toggle or date is a 400 naming it', async () => {
    expect(ids((await office.list('/api/jobs/?active=f&archived=t&q=listed')).body)).toEqual([archived]);
    expect(ids((await office.list('/api/jobs/?active=t&archived=t&q=listed')).body)).toEqual([overdue, archived, orca, soon, later, undated]);
    expect((await office.list('/api/jobs/?active=f&archived=f&q=listed')).body).toEqual([]);
    const bad = await office.get('/api/jobs/?active=maybe&stop_date=friday');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['active', 'stop_date']);
  });

  it('given a date range (stop_date, as the job screens send it), then jobs whose span overlaps it; live and future drops the end', async () => {
    const r = await office.list('/api/jobs/?active=t&start_date=2026-11-21&stop_date=2026-11-30&q=listed');
    expect(ids(r.body)).toEqual([orca, soon, undated]);
    const lf = await office.list('/api/jobs/?active=t&start_date=2026-11-21&stop_date=2026-11-30&live_and_future=t&q=listed');
    expect(ids(lf.body)).toEqual([orca, soon, later, undated]);
    expect(ids((await office.list('/api/jobs/?active=t&start_date=2026-11-21&end_date=2026-11-30&q=listed')).body)).toEqual([orca, soon, undated]);
  });

  it('given words, then every word must match (account job number, title, customer ...)', async () => {
    const j = await newJob({ title: 'Quarry Road', customer: 'Fiberlight' });
    expect(ids((await office.list(`/api/jobs/?q=quarry fiberlight`)).body)).toEqual([j.id]);
    expect(ids((await office.list(`/api/jobs/?q=${j.account_job_number} quarry`)).body)).toEqual([j.id]);
    expect((await office.list('/api/jobs/?q=quarry lumen')).body).toEqual([]);
  });

  it('given the all-other-jobs dashboard, then every job but attorca ones, with segment roll-ups, under the same toggles and range', async () => {
    const r = await office.list('/api/jobs/all_others/?active=t&archived=f&start_date=2026-11-21&stop_date=2026-11-30');
    const mine = r.body.filter((x: Row) => [soon, later, archived, undated, orca, overdue].includes(x.id));
    expect(ids(mine)).toEqual([soon, undated]);
    expect(mine[0].segment_rollups).toEqual([expect.objectContaining({ segment_number: '1', feet: 200, segment_total_feet: 50, percent_complete: 25 })]);
    expect(ids((await office.list('/api/jobs/all_others/?active=f&archived=t')).body)).toEqual([archived]);
  });

  it("given another account, then neither list shows this account's jobs", async () => {
    expect(ids((await rival.list('/api/jobs/?active=t&archived=t')).body)).not.toContain(soon);
    expect(ids((await rival.list('/api/jobs/all_others/?active=t&archived=t')).body)).not.toContain(soon);
  });

  it('given saved search dates, then they apply when the query has no range; another user and the project list keep their own', async () => {
    const c = await Client.signUp(app.url, 'JobSaver');
    expect((await c.get('/api/jobs/search_dates/')).body).toEqual({ start_date: null, end_date: null, active: true, archived: false, live_and_future: false, public_mode: false });
    const nov = (await newJob({ title: 'Saver nov', start_date: '2026-11-02', completion_date: '2026-11-20' }, c)).id;
    const feb = (await newJob({ title: 'Saver feb', start_date: '2027-02-01', completion_date: '2027-02-20' }, c)).id;
    const put = await c.put('/api/jobs/search_dates/', { start_date: '2026-11-01', end_date: '2026-11-30', public_mode: true });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30', active: true, archived: false, live_and_future: false, public_mode: true });
    expect(ids((await c.list('/api/jobs/?active=t&archived=f')).body)).toEqual([nov]);
    expect(ids((await c.list('/api/jobs/all_others/?active=t')).body)).toEqual([nov]);
    await c.put('/api/jobs/search_dates/', { live_and_future: true });
    expect((await c.get('/api/jobs/search_dates/')).body).toMatchObject({ start_date: '2026-11-01', live_and_future: true, public_mode: true });
    expect(ids((await c.list('/api/jobs/')).body)).toEqual([nov, feb]);
    // A range in the query wins over the saved one.
    expect(ids((await c.list('/api/jobs/?start_date=2027-02-01&stop_date=2027-02-28')).body)).toEqual([feb]);
    expect((await c.get('/api/projects/search_dates/')).body.start_date).toBeNull();
    expect((await office.get('/api/jobs/search_dates/')).body.public_mode).toBe(false);
    const bad = await c.put('/api/jobs/search_dates/', { end_date: '2026-02-30', archived: 'yes' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['archived', 'end_date']);
  });
});

describe('live rows and parallel edits', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  async function connect(c: Client, subscribe: Record<string, string>) {
    const s = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    sockets.push(s);
    const ack = await new Promise<{ ok: boolean }>((resolve, reject) => {
      s.on('connect_error', reject);
      s.on('connect', () => s.emit('subscribe', subscribe, resolve));
    });
    expect(ack.ok).toBe(true);
    return s;
  }
  const next = <T>(s: Socket, event: string, match: (x: T) => boolean) =>
    new Promise<T>((resolve) => {
      const h = (x: T) => {
        if (match(x)) {
          s.off(event, h);
          resolve(x);
        }
      };
      s.on(event, h);
    });

  it('given a user watching the job list, when a line of a job is added, edited and removed, then the row arrives each time with its new totals', async () => {
    const j = await newJob({ title: 'Live row' });
    const s = await connect(office, { list: 'jobs' });
    type RowEvent = { list: string; op: string; id: string; row: Row };
    const added = next<RowEvent>(s, 'row', (r) => r.id === j.id && r.row?.version === 2);
    const item = await addLine(`/api/jobs/${j.id}/items/`, { item: 'Bore', qty: 10, price: 5 });
    expect((await added).row).toMatchObject({ total_po_item_amounts: 50, total_job: 50, job_days_left: null });
    expect((await added).list).toBe('jobs');
    const edited = next<RowEvent>(s, 'row', (r) => r.id === j.id && r.row?.version === 3);
    await office.put(`/api/jobs/items/${item.id}/`, { qty: 20 });
    expect((await edited).row).toMatchObject({ total_po_item_amounts: 100 });
    const crewed = next<RowEvent>(s, 'row', (r) => r.id === j.id && r.row?.version === 4);
    await office.post(`/api/jobs/${j.id}/crews/`, { crew_name: 'Bore Crew 1' });
    expect((await crewed).row).toMatchObject({ crew_string: 'Bore Crew 1' });
    const removed = next<RowEvent>(s, 'row', (r) => r.id === j.id && r.row?.version === 5);
    await office.del(`/api/jobs/items/${item.id}/`);
    expect((await removed)).toMatchObject({ op: 'upsert', row: { total_po_item_amounts: 0 } });
    expect((await office.list('/api/jobs/?q=live row')).body[0]).toMatchObject({ id: j.id, total_po_item_amounts: 0, crew_string: 'Bore Crew 1', version: 5 });
  });

  it('given two users editing different sections of one job at once (10 lines in different collections and a field edit), then nothing is lost', async () => {
    const j = await newJob({ title: 'Busy job' });
    const other = new Client(app.url);
    other.cookies = new Map(office.cookies);
    const writes = [
      office.post(`/api/jobs/${j.id}/items/`, { item: 'A', qty: 1, price: 100 }),
      other.post(`/api/jobs/${j.id}/change_orders/`, { qty: 1, price: 10 }),
      office.post(`/api/jobs/${j.id}/notes/`, { note: 'From office' }),
      other.post(`/api/jobs/${j.id}/notes/`, { note: 'From the field' }),
      office.post(`/api/jobs/${j.id}/materials/`, { item_code: 'HD125' }),
      other.post(`/api/jobs/${j.id}/invoices/`, { invoice_amount: 5 }),
      office.post(`/api/jobs/${j.id}/segments/`, { segment_number: '1' }),
      other.post(`/api/jobs/${j.id}/links/`, { url: 'https://example.com/a' }),
      office.post(`/api/jobs/${j.id}/crews/`, { crew_name: 'Aerial Crew A' }),
      other.post(`/api/jobs/${j.id}/work_orders/`, { work_description: 'WO' }),
      office.put(`/api/jobs/job_with_related_update/${j.id}/`, { work_status: 'Current', city: 'Tulsa' }),
    ];
    const results = await Promise.all(writes);
    expect(results.map((r) => r.status)).toEqual([...Array(10).fill(201), 200]);
    const d = (await office.get(`/api/jobs/${j.id}/`)).body;
    expect(d).toMatchObject({ work_status: 'Current', city: 'Tulsa', title: 'Busy job', total_job: 110, version: 12 });
    for (const key of ['items', 'change_orders', 'materials', 'invoices', 'segments', 'links', 'crews', 'work_orders']) expect(d[key], key).toHaveLength(1);
    expect(d.notes.map((n: Row) => n.note).sort()).toEqual(['From office', 'From the field']);
  });
});
