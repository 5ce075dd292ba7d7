/**
 * The spec's client on a base job's uploads and lines of lines, call by call as spec 2 section 7 lists
 * them ("Child collections", "Nested"), with the names of spec 2 section 3 and the production work
 * types of spec 3 section 4; the names of spec 2 section 3 for every line kind. Calls exercised: 42:
 *   uploads (multipart file, job, file_name, file_type), 13: GET and POST jobs/{id}/files/, PUT and
 *     DELETE jobs/photos/{id}, PUT and DELETE jobs/files/{id}; GET and POST jobs/{id}/general_files/,
 *     PUT and DELETE jobs/general_files/{id}; GET and POST jobs/{id}/pdf_bundles/, DELETE
 *     jobs/pdf_bundles/{id};
 *   timecards, 8: GET and POST jobs/{id}/timecards/, GET and POST jobs/timesheets/{id}/timecards/, PUT
 *     and DELETE jobs/timesheets/timecards/{id}, PUT and DELETE jobs/timecards/{id} (spec 2's reading);
 *   damage report photos, 4: GET and POST jobs/damagereports/{id}/damage_report_photos/, PUT and
 *     DELETE jobs/damagereports/damage_report_photos/{id};
 *   work orders, 9: GET and POST jobs/work_orders/{id}/items/ and /materials/, PUT and DELETE
 *     jobs/work_orders/items/{id}/ and /materials/{id}/, GET jobs/work_orders/{id}/pdf/;
 *   productions, 6: GET and POST jobs/{id}/productions/, PUT and DELETE jobs/productions/{id}, GET and
 *     POST jobs/productions/{id}/photos/. A production photo's own PUT and DELETE paths are not shown;
 *     jobs/productions/photos/{id}, the pattern of the damage report photos, is used (not counted);
 *   a task's uploads, 2 (in the names test): POST jobs/tasks/{id}/photos/ and /general_files/ with
 *     job_task and task_id. The task's other calls are in orca-jobs.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { picture } from '../support/files.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, type Upload } from './specClient.ts';

const { office, eventCount } = apiTest('compat_jobs_nested', { worker: true });
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
});

const png = (name: string): Upload => ({ name, type: 'image/png', content: picture(`PNG bytes of ${name}`) });
const pdf = (name: string): Upload => ({ name, type: 'application/pdf', content: `%PDF-1.4 ${name}` });

async function newJob(): Promise<Obj> {
  return spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New', title: 'Nested' });
}

/** A multipart upload as the screens send it; its answer is kept like any POST answer. */
async function uploaded(path: string, fields: Record<string, string>, file: Upload): Promise<Obj> {
  const r = await spec.upload(path, fields, file);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body;
}

describe('photos, general files and the PDF bundle', () => {
  it('given two photos uploaded, when each is PUT twice with its POST answer (jobs/photos/{id}) and one deleted, then 200 each and a second delete says it is gone', async () => {
    const job = await newJob();
    const photos = [await uploaded(`/api/jobs/${job.id}/files/`, { job: job.id, file_name: 'pit.png', file_type: 'photo' }, png('pit.png')), await uploaded(`/api/jobs/${job.id}/files/`, { job: job.id, file_name: 'bore.png', file_type: 'photo' }, png('bore.png'))];
    const answered = photos.map(copyOf);
    for (const p of photos) expect((await spec.save(`/api/jobs/photos/${p.id}`, p, { caption: 'Before' })).status).toBe(200);
    for (const [i, p] of photos.entries()) {
      // The file's URL and size are the server's: sent back changed, they are ignored.
      const r = await spec.save(`/api/jobs/photos/${p.id}`, p, { file_name: `renamed ${answered[i].file_name}`, file: '/elsewhere.png', size: 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ caption: 'Before', file_name: `renamed ${answered[i].file_name}`, file: expect.stringContaining(`/api/files/${p.id}/`), size: answered[i].size });
    }
    expect((await spec.load<Obj[]>(`/api/jobs/${job.id}/files/`)).map((p) => p.caption)).toEqual(['Before', 'Before']);
    expect((await spec.del(`/api/jobs/photos/${photos[0].id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/jobs/photos/${photos[0].id}`, photos[0], { caption: 'Back?' }));
    expectGone(await spec.del(`/api/jobs/photos/${photos[0].id}`));
    expect(await eventCount()).toBe(before);
  });

  it('given a photo, when it is saved and deleted at jobs/files/{id} (each kind has PUT and DELETE under /api/jobs/{kind}/{id}), then 200 each', async () => {
    const job = await newJob();
    const p = await uploaded(`/api/jobs/${job.id}/files/`, { job: job.id, file_name: 'trench.png', file_type: 'photo' }, png('trench.png'));
    const put = await spec.save(`/api/jobs/files/${p.id}`, p, { caption: 'After' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await spec.del(`/api/jobs/files/${p.id}`)).status).toBe(200);
    expect(await spec.load(`/api/jobs/${job.id}/files/`)).toEqual([]);
  });

  it('given general files uploaded, when each is PUT twice with its POST answer and one deleted, then 200 each and the deleted one is gone', async () => {
    const job = await newJob();
    const files = [await uploaded(`/api/jobs/${job.id}/general_files/`, { job: job.id, file_name: 'permit.pdf', file_type: 'other' }, pdf('permit.pdf')), await uploaded(`/api/jobs/${job.id}/general_files/`, { job: job.id, file_name: 'plan.pdf', file_type: 'other' }, pdf('plan.pdf'))];
    for (const f of files) expect((await spec.save(`/api/jobs/general_files/${f.id}`, f, { file_name: `A.pdf` })).status).toBe(200);
    for (const f of files) expect((await spec.save(`/api/jobs/general_files/${f.id}`, f, { file_name: `B.pdf` })).status).toBe(200);
    expect((await spec.del(`/api/jobs/general_files/${files[0].id}`)).status).toBe(200);
    expectGone(await spec.del(`/api/jobs/general_files/${files[0].id}`));
    expect((await spec.load<Obj[]>(`/api/jobs/${job.id}/general_files/`)).map((f) => [f.id, f.file_name])).toEqual([[files[1].id, 'B.pdf']]);
  });

  it('given a PDF bundle, when a replacement is uploaded after the screen deletes the old one, then the job has one bundle: the new one', async () => {
    const job = await newJob();
    const fields = { job: job.id, file_name: 'bundle-1.pdf', file_type: 'pdf_bundle' };
    const one = await uploaded(`/api/jobs/${job.id}/pdf_bundles/`, fields, pdf('bundle-1.pdf'));
    expect((await spec.del(`/api/jobs/pdf_bundles/${one.id}`)).status).toBe(200);
    const two = await uploaded(`/api/jobs/${job.id}/pdf_bundles/`, { ...fields, file_name: 'bundle-2.pdf' }, pdf('bundle-2.pdf'));
    expect((await spec.load<Obj[]>(`/api/jobs/${job.id}/pdf_bundles/`)).map((f) => f.file_name)).toEqual(['bundle-2.pdf']);
    expect((await spec.load(`/api/jobs/${job.id}/`)).pdf_bundle).toMatchObject({ id: two.id, file_name: 'bundle-2.pdf' });
  });
});

describe('timesheets and their timecards', () => {
  it('given a timesheet with two timecards, when each timecard is PUT twice with its POST answer and one deleted, then 200 each, numbers taken as text, and the deleted one is gone', async () => {
    const job = await newJob();
    const ts = await spec.create(`/api/jobs/${job.id}/timesheets/`, { job: job.id, timesheet_number: 4 });
    const tc = [
      await spec.create(`/api/jobs/timesheets/${ts.id}/timecards/`, { job: job.id, job_timesheet: ts.id, timecard_number: 1, hours: '8' }),
      await spec.create(`/api/jobs/timesheets/${ts.id}/timecards/`, { job: job.id, job_timesheet: ts.id, timecard_number: 2, hours: '7.5' }),
    ];
    expect(tc.map((c) => [c.timecard_number, c.hours, c.job_timesheet])).toEqual([['1', 8, ts.id], ['2', 7.5, ts.id]]);
    for (const c of tc) expect((await spec.save(`/api/jobs/timesheets/timecards/${c.id}`, c, { worker_name: 'Sam Digger' })).status).toBe(200);
    for (const c of tc) expect((await spec.save(`/api/jobs/timesheets/timecards/${c.id}`, c, { hours: '10' })).status).toBe(200);
    expect((await spec.load<Obj[]>(`/api/jobs/timesheets/${ts.id}/timecards/`)).map((c) => [c.worker_name, c.hours])).toEqual([['Sam Digger', 10], ['Sam Digger', 10]]);
    expect((await spec.del(`/api/jobs/timesheets/timecards/${tc[0].id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/jobs/timesheets/timecards/${tc[0].id}`, tc[0], { hours: '1' }));
    expectGone(await spec.del(`/api/jobs/timesheets/timecards/${tc[0].id}`));
    expect(await eventCount()).toBe(before);
  });

  it("given timecards listed under the job (GET /api/jobs/{id}/timecards/), when one is PUT twice from its kept object and deleted at /api/jobs/timecards/{id}, then 200 each and it is gone from the timesheet", async () => {
    const job = await newJob();
    const ts = await spec.create(`/api/jobs/${job.id}/timesheets/`, { job: job.id, timesheet_number: 5 });
    await spec.create(`/api/jobs/${job.id}/timecards/`, { job: job.id, job_timesheet: ts.id, timecard_number: 1, hours: '8' });
    const [card] = await spec.load<Obj[]>(`/api/jobs/${job.id}/timecards/`);
    expect((await spec.save(`/api/jobs/timecards/${card.id}/`, card, { worker_name: 'Ana Trench' })).status).toBe(200);
    const second = await spec.save(`/api/jobs/timecards/${card.id}`, card, { hours: '6.5' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ id: card.id, job_timesheet: ts.id, worker_name: 'Ana Trench', hours: 6.5 });
    expect((await spec.del(`/api/jobs/timecards/${card.id}/`)).status).toBe(200);
    expect(await spec.load<Obj[]>(`/api/jobs/timesheets/${ts.id}/timecards/`)).toEqual([]);
    const before = await eventCount();
    expectGone(await spec.save(`/api/jobs/timecards/${card.id}/`, card, { hours: '1' }));
    expect(await eventCount()).toBe(before);
  });

  it('given a timecard Frank changed, when the client changes the same hours, then 409 names hours; wrong hours are a 400; nothing is written', async () => {
    const job = await newJob();
    const ts = await spec.create(`/api/jobs/${job.id}/timesheets/`, { job: job.id });
    const card = await spec.create(`/api/jobs/timesheets/${ts.id}/timecards/`, { job: job.id, job_timesheet: ts.id, hours: '8' });
    expect((await frank.save(`/api/jobs/timesheets/timecards/${card.id}`, copyOf(card), { hours: '9' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/timesheets/timecards/${card.id}`, copyOf(card), { hours: '6' }), 'hours', { yours: 6, theirs: 9, by: 'Frank Field' });
    expectInvalid(await spec.save(`/api/jobs/timesheets/timecards/${card.id}`, copyOf(card), { hours: 'eight' }), 'hours');
    expect(await eventCount()).toBe(before);
  });

  it('given a timesheet, when a timecard is posted to and listed from the job\'s own timecards path (jobs/{id}/timecards/, a kind of spec 2 section 7), then 201 and the list answers it with the nested ones', async () => {
    const job = await newJob();
    const ts = await spec.create(`/api/jobs/${job.id}/timesheets/`, { job: job.id });
    const nested = await spec.create(`/api/jobs/timesheets/${ts.id}/timecards/`, { job: job.id, job_timesheet: ts.id, timecard_number: 1 });
    const posted = await spec.post(`/api/jobs/${job.id}/timecards/`, { job: job.id, job_timesheet: ts.id, timecard_number: 2 });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const r = await spec.get(`/api/jobs/${job.id}/timecards/`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((c: Obj) => c.id)).toEqual([nested.id, posted.body.id]);
  });
});

describe('damage reports and their photos', () => {
  it('given a damage report with two photos, when each photo is PUT twice with its POST answer and one deleted, then 200 each and the deleted one is gone', async () => {
    const job = await newJob();
    const dr = await spec.create(`/api/jobs/${job.id}/damagereports/`, { job: job.id, damage_report_number: 1 });
    const path = `/api/jobs/damagereports/${dr.id}/damage_report_photos/`;
    const photos = [await uploaded(path, { job: job.id, file_name: 'a.png' }, png('a.png')), await uploaded(path, { job: job.id, file_name: 'b.png' }, png('b.png'))];
    for (const p of photos) expect((await spec.save(`/api/jobs/damagereports/damage_report_photos/${p.id}`, p, { caption: 'Marker' })).status).toBe(200);
    for (const p of photos) expect((await spec.save(`/api/jobs/damagereports/damage_report_photos/${p.id}`, p, { file_name: `x ${p.file_name}` })).status).toBe(200);
    expect((await spec.load<Obj[]>(path)).map((p) => [p.caption, p.file_name])).toEqual([['Marker', 'x a.png'], ['Marker', 'x b.png']]);
    expect((await spec.del(`/api/jobs/damagereports/damage_report_photos/${photos[0].id}`)).status).toBe(200);
    expectGone(await spec.save(`/api/jobs/damagereports/damage_report_photos/${photos[0].id}`, photos[0], { caption: 'Back?' }));
    expect((await spec.load<Obj[]>(path)).map((p) => p.id)).toEqual([photos[1].id]);
  });
});

describe('work orders with their items and materials', () => {
  it('given a work order, when items and materials are posted, each PUT twice with its POST answer, one of each deleted and the PDF opened, then 200 each', async () => {
    const job = await newJob();
    const jobItem = await spec.create(`/api/jobs/${job.id}/items/`, { job: job.id, item: 'Bore', qty: '100', price: '4' });
    const wo = await spec.create(`/api/jobs/${job.id}/work_orders/`, { job: job.id, work_description: 'Bore Main', line_number: 1 });
    const items = [1, 2].map((n) => ({ job_work_order: wo.id, job_item_ref: jobItem.id, allocated: 't', item: 'Bore', description: 'Bore 2"', uom: 'FT', qty: '50', line_number: n }));
    const woItems = [await spec.create(`/api/jobs/work_orders/${wo.id}/items/`, items[0]), await spec.create(`/api/jobs/work_orders/${wo.id}/items/`, items[1])];
    expect(woItems.map((i) => [i.qty, i.allocated, i.line_number])).toEqual([[50, true, 1], [50, true, 2]]);
    const mats = [
      await spec.create(`/api/jobs/work_orders/${wo.id}/materials/`, { job_work_order: wo.id, item_code: 'DUCT', description: 'Duct', uom: 'FT', qty: '100' }),
      await spec.create(`/api/jobs/work_orders/${wo.id}/materials/`, { job_work_order: wo.id, item_code: 'TAPE', description: 'Warning tape', uom: 'FT', qty: '100' }),
    ];
    for (const i of woItems) expect((await spec.save(`/api/jobs/work_orders/items/${i.id}/`, i, { qty: '60' })).status).toBe(200);
    for (const i of woItems) expect((await spec.save(`/api/jobs/work_orders/items/${i.id}/`, i, { description: 'Bore 2 inch' })).status).toBe(200);
    for (const m of mats) expect((await spec.save(`/api/jobs/work_orders/materials/${m.id}/`, m, { qty: '120' })).status).toBe(200);
    for (const m of mats) expect((await spec.save(`/api/jobs/work_orders/materials/${m.id}/`, m, { uom: 'RL' })).status).toBe(200);
    expect((await spec.load<Obj[]>(`/api/jobs/work_orders/${wo.id}/items/`)).map((i) => [i.qty, i.description])).toEqual([[60, 'Bore 2 inch'], [60, 'Bore 2 inch']]);
    expect((await spec.load<Obj[]>(`/api/jobs/work_orders/${wo.id}/materials/`)).map((m) => [m.qty, m.uom])).toEqual([[120, 'RL'], [120, 'RL']]);
    expect((await spec.del(`/api/jobs/work_orders/items/${woItems[0].id}/`)).status).toBe(200);
    expect((await spec.del(`/api/jobs/work_orders/materials/${mats[0].id}/`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/jobs/work_orders/items/${woItems[0].id}/`, woItems[0], { qty: '1' }));
    expectGone(await spec.del(`/api/jobs/work_orders/materials/${mats[0].id}/`));
    expect(await eventCount()).toBe(before);
    const pdfFile = await spec.http.download(`/api/jobs/work_orders/${wo.id}/pdf/`);
    expect(pdfFile.status).toBe(200);
    expect(pdfFile.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('given a work order item Frank changed, when the client changes its qty too, then 409 names qty; a qty in words is a 400; nothing is written', async () => {
    const job = await newJob();
    const wo = await spec.create(`/api/jobs/${job.id}/work_orders/`, { job: job.id });
    const item = await spec.create(`/api/jobs/work_orders/${wo.id}/items/`, { job_work_order: wo.id, item: 'Bore', qty: '10' });
    expect((await frank.save(`/api/jobs/work_orders/items/${item.id}/`, copyOf(item), { qty: '12' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/work_orders/items/${item.id}/`, copyOf(item), { qty: '15' }), 'qty', { yours: 15, theirs: 12, by: 'Frank Field' });
    expectInvalid(await spec.save(`/api/jobs/work_orders/items/${item.id}/`, copyOf(item), { qty: 'ten' }), 'qty');
    expect(await eventCount()).toBe(before);
  });
});

describe('productions (spec 3 section 4: the work type gives the form type)', () => {
  it.each([
    ['Dirt-Plow', 'from_to'],
    ['Rock-Bore', 'from_to'],
    ['Duct Install', 'from_to'],
    ['Handhole', 'handhole'],
    ['Splice', 'single_point'],
    ['Other', 'other'],
    ['Micro-trench', 'from_to'],
  ])('given a production posted with work_type %s, then its form_type is %s, whatever form_type the client sent', async (workType, formType) => {
    const job = await newJob();
    const r = await spec.post(`/api/jobs/${job.id}/productions/`, { job: job.id, segment_number: 1, feet: '250', work_type: workType, form_type: 'handhole' === formType ? 'from_to' : 'handhole' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ work_type: workType, form_type: formType });
  });

  it('given productions posted, when each is PUT twice with its POST answer and one deleted, then 200 each, the segment rolls them up, and the deleted one is gone', async () => {
    const job = await newJob();
    await spec.create(`/api/jobs/${job.id}/segments/`, { job: job.id, segment_number: 1, feet: '1000', plan_days: '4' });
    const body = { job: job.id, segment_number: 1, feet: '250', production_days: '1', crew_payout_amount: '500.00', work_type: 'Dirt-Plow' };
    const prods = [await spec.create(`/api/jobs/${job.id}/productions/`, body), await spec.create(`/api/jobs/${job.id}/productions/`, body)];
    expect(prods[0]).toMatchObject({ segment_number: '1', feet: 250, production_days: 1, crew_payout_amount: 500 });
    for (const p of prods) expect((await spec.save(`/api/jobs/productions/${p.id}`, p, { feet: '300' })).status).toBe(200);
    for (const p of prods) {
      const r = await spec.save(`/api/jobs/productions/${p.id}`, p, { work_type: 'Handhole', form_type: 'from_to' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ feet: 300, work_type: 'Handhole', form_type: 'handhole' });
    }
    const [segment] = (await spec.load(`/api/jobs/${job.id}/`)).segment_rollups;
    expect(segment).toMatchObject({ segment_total_feet: 600, percent_complete: 60 });
    expect((await spec.del(`/api/jobs/productions/${prods[0].id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/jobs/productions/${prods[0].id}`, prods[0], { feet: '1' }));
    expectGone(await spec.del(`/api/jobs/productions/${prods[0].id}`));
    expect(await eventCount()).toBe(before);
  });

  it('given a production, when Frank and the client change its feet, then 409 names feet; feet in words are a 400; nothing is written', async () => {
    const job = await newJob();
    const p = await spec.create(`/api/jobs/${job.id}/productions/`, { job: job.id, segment_number: 1, feet: '100' });
    expect((await frank.save(`/api/jobs/productions/${p.id}`, copyOf(p), { feet: '110' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/jobs/productions/${p.id}`, copyOf(p), { feet: '120' }), 'feet', { yours: 120, theirs: 110, by: 'Frank Field' });
    expectInvalid(await spec.save(`/api/jobs/productions/${p.id}`, copyOf(p), { feet: 'a hundred' }), 'feet');
    expect(await eventCount()).toBe(before);
  });

  it('given a production with photos, when each photo is PUT twice with its POST answer and one deleted, then 200 each and the deleted one is gone', async () => {
    const job = await newJob();
    const p = await spec.create(`/api/jobs/${job.id}/productions/`, { job: job.id, segment_number: 1 });
    const path = `/api/jobs/productions/${p.id}/photos/`;
    const photos = [await uploaded(path, { job: job.id, file_name: 'start.png' }, png('start.png')), await uploaded(path, { job: job.id, file_name: 'end.png' }, png('end.png'))];
    for (const ph of photos) expect((await spec.save(`/api/jobs/productions/photos/${ph.id}`, ph, { caption: 'Station 1+00' })).status).toBe(200);
    for (const ph of photos) expect((await spec.save(`/api/jobs/productions/photos/${ph.id}`, ph, { file_name: `x ${ph.file_name}` })).status).toBe(200);
    expect((await spec.del(`/api/jobs/productions/photos/${photos[0].id}`)).status).toBe(200);
    expectGone(await spec.del(`/api/jobs/productions/photos/${photos[0].id}`));
    expect((await spec.load<Obj[]>(path)).map((ph) => [ph.caption, ph.file_name])).toEqual([['Station 1+00', 'x end.png']]);
  });
});

describe('the names of spec 2 section 3', () => {
  it('given one line of each kind posted with every field the spec names, on the job and on a task, when the job\'s lists and the task are read, then each line and the task carry those names, nested lists included', async () => {
    await spec.create('/api/settings/crews/', { crew_name: 'Names Crew' });
    // An ORCA job: its lines are a base job's, and it has tasks.
    const job = await spec.create('/api/jobs/new/', { form_type: 'attorca', work_status: 'New', title: 'Names' });
    const post = (kind: string, body: Obj) => spec.create(`/api/jobs/${job.id}/${kind}/`, { job: job.id, ...body });
    const item = await post('items', { item: 'Bore', item_code: 'B', col1: 'c1', col2: 'c2', col3: 'c3', description: 'd', uom: 'FT', provisions: 'p', qty: '1', price: '2', assigned_to_work_order: 'f', line_number: 1 });
    await post('materials', { materials_line_number: 1, item_code: 'M', description: 'd', uom: 'FT', qty: '1', price: '2', cost: '1', customer_billable: 't', we_buy: 'f', status: 'Need', allocated: 'f', job_work_order: '' });
    await post('crews', { crew_name: 'Names Crew', segment_ref: '', segment_number: 1 });
    await post('crew_payouts', { crew_payout_amount: '10', category: 'Crew Payout' });
    await post('invoices', { invoice_number: 1, invoice_amount: '10', status: 'Not Paid' });
    await post('notes', { note: 'n', created_by: 'Office User', note_status: 'Update' });
    await post('links', { status: 'Need' });
    await post('change_orders', { co_number: 1 });
    await post('segments', { number: 1, segment_number: 1, work_status: 'New', feet: '100', plan_days: '1', segment_po_amount: '10', estimate_total_labor: '5' });
    const prod = await post('productions', { segment_number: 1, feet: '10', production_days: '1', crew_payout_amount: '5', work_type: 'Handhole' });
    await uploaded(`/api/jobs/productions/${prod.id}/photos/`, { job: job.id, file_name: 'p.png' }, png('p.png'));
    await uploaded(`/api/jobs/${job.id}/files/`, { job: job.id, file_name: 'f.png', file_type: 'photo' }, png('f.png'));
    const dr = await post('damagereports', { damage_report_number: 1, status: 'New' });
    await uploaded(`/api/jobs/damagereports/${dr.id}/damage_report_photos/`, { job: job.id, file_name: 'd.png' }, png('d.png'));
    const ts = await post('timesheets', { timesheet_number: 1 });
    await spec.create(`/api/jobs/timesheets/${ts.id}/timecards/`, { job: job.id, job_timesheet: ts.id, timecard_number: 1 });
    const wo = await post('work_orders', { line_number: 1, work_description: 'w', crew_name: 'Names Crew', crew_ref: '' });
    await spec.create(`/api/jobs/work_orders/${wo.id}/items/`, { job_work_order: wo.id, job_item_ref: item.id, allocated: 't', item: 'Bore', description: 'd', uom: 'FT', qty: '1', line_number: 1 });
    await spec.create(`/api/jobs/work_orders/${wo.id}/materials/`, { job_work_order: wo.id, item_code: 'M', description: 'd', uom: 'FT', qty: '1' });
    await post('iwas', { form_type: 'attfiber', verb: 'v', po_string1: 'p', final_string: 'f' });
    const names: [string, string][] = [
      ['items', 'id job item item_code col1 col2 col3 description uom provisions qty price total_price assigned_to_work_order line_number'],
      ['materials', 'id job materials_line_number item_code description uom qty price cost total_price total_cost customer_billable we_buy status allocated job_work_order'],
      ['crews', 'id job crew crew_name segment_ref segment_number'],
      ['crew_payouts', 'job crew_payout_amount category'],
      ['invoices', 'id job invoice_number invoice_amount status'],
      ['notes', 'id job created_by note_status'],
      ['links', 'job status'],
      ['change_orders', 'id job co_number'],
      ['segments', 'id job number segment_number work_status feet plan_days segment_po_amount segment_total_feet segment_total_days estimate_total_labor'],
      ['productions', 'job segment_number feet production_days crew_payout_amount work_type form_type photos'],
      ['files', 'id file file_name file_type job'],
      ['damagereports', 'damage_report_number job status photos'],
      ['timesheets', 'timesheet_number job timecards'],
      ['work_orders', 'id job line_number work_description work_order_number crew_name crew_ref items materials'],
      ['iwas', 'job form_type verb po_string1 final_string'],
    ];
    for (const [kind, spelled] of names) {
      const [line] = await spec.load<Obj[]>(`/api/jobs/${job.id}/${kind}/`);
      expect.soft(missingNames(line, spelled), `a ${kind} line lacks`).toBe('');
    }
    expect.soft(missingNames((await spec.load<Obj[]>(`/api/jobs/timesheets/${ts.id}/timecards/`))[0], 'timecard_number job job_timesheet'), 'a timecard lacks').toBe('');
    expect.soft(missingNames((await spec.load<Obj[]>(`/api/jobs/work_orders/${wo.id}/items/`))[0], 'job_work_order job_item_ref allocated item description uom qty line_number'), 'a work order item lacks').toBe('');

    // A task (spec 2 section 3), and one line of each of its nested lists, posted naming the task.
    const task = await spec.create(`/api/jobs/${job.id}/tasks/`, { job: job.id, task_id: '1.1', project_number: 'P-1', due_date: '2026-12-01', coordinator_code: 'C1', coordinator: 'c', coord_phone1: '1', coord_phone2: '2', coordinator_email: 'c@example.com', task_permit_expiration_date: '' });
    const onTask = { job_task: task.id, task_id: task.task_id };
    await post('permits', { ...onTask, permits_line_number: 1, expiration_date: '2026-12-20' });
    await post('links', { ...onTask, status: 'Need' });
    await post('items', { ...onTask, item: 'Bore', qty: '1', price: '2' });
    await post('change_orders', { ...onTask, co_number: 2, qty: '1', price: '1' });
    await post('materials', { ...onTask, item_code: 'M' });
    await post('crews', { ...onTask, crew_name: 'Names Crew' });
    await post('invoices', { ...onTask, invoice_amount: '3' });
    await post('crew_payouts', { ...onTask, crew_payout_amount: '1' });
    await post('notes', { ...onTask, note: 'n' });
    await post('cibeitems', { ...onTask, line_number: 1, issued_item_code: 'E1', issued_item_description: 'd', issued_item_qty: '2', issued_item_price: '3', issued_item_printstep: 's', issued_item_step: '1', issued_item_print: 'p', CIBE_item_qty: '3', line_zeroed: 'f' });
    await uploaded(`/api/jobs/tasks/${task.id}/photos/`, { job: job.id, ...onTask, file_name: 't.png', file_type: 'photo' }, png('t.png'));
    await uploaded(`/api/jobs/tasks/${task.id}/general_files/`, { job: job.id, ...onTask, file_name: 't.pdf', file_type: 'other' }, pdf('t.pdf'));
    const shown = await spec.load(`/api/jobs/tasks/${task.id}/`);
    expect.soft(missingNames(shown, 'id task_id job project_number due_date coordinator_code coordinator coord_phone1 coord_phone2 coordinator_email task_permit_expiration_date task_item_po_amount task_total_change_orders task_total task_total_job_invoiced_actual task_total_crew_payouts task_total_crew_payouts_est task_total_gross_profit'), 'a task lacks').toBe('');
    const nested: [string, string][] = [
      ['job_task_permits', 'id job job_task task_id permits_line_number expiration_date permit_days_left'],
      ['job_task_links', 'job job_task task_id status'],
      ['job_task_items', 'id job item qty price total_price job_task task_id'],
      ['job_task_change_orders', 'id job co_number job_task task_id'],
      ['job_task_materials', 'id job job_task materials_line_number item_code'],
      ['job_task_crews_assigned', 'id job crew crew_name job_task'],
      ['job_task_invoices', 'id job job_task invoice_number invoice_amount status'],
      ['job_task_crew_payouts', 'job job_task crew_payout_amount category'],
      ['job_task_photos', 'id file file_name file_type job job_task task_id'],
      ['job_task_files', 'id file file_name file_type job job_task task_id'],
      ['job_task_notes', 'id job job_task task_id created_by note_status'],
      ['job_task_cibe_items', 'id job line_number issued_item_code issued_item_description issued_item_qty issued_item_price issued_item_total issued_item_printstep issued_item_step issued_item_print CIBE_item_qty CIBE_item_total CIBE_item_qty_diff line_zeroed task_id'],
    ];
    for (const [key, spelled] of nested) {
      expect.soft(shown[key], `the task's ${key}`).toHaveLength(1);
      expect.soft(missingNames(shown[key]?.[0], spelled), `a line of the task's ${key} lacks`).toBe('');
    }
    const whole = await spec.load(`/api/jobs/${job.id}/`);
    expect.soft(missingNames(whole, 'CIBE_issued_grand_total CIBE_job_grand_total CIBE_job_grand_total_difference permit_expiration_date permit_days_left coordinator_code coordinator coord_phone1 coord_phone2 coordinator_email'), 'the job lacks').toBe('');
    expect.soft(missingNames(whole.tasks[0], 'id task_id job task_total job_task_permits job_task_items'), 'a task of the job lacks').toBe('');
  });
});
