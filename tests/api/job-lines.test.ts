/**
 * A job's lines under the names and lists of spec 2 section 3 and 4 and spec 3 section 4 (docs/jobs.md,
 * docs/spec-deviations.md), over HTTP: productions' work types and form_type, segments' totals, the lines
 * shown under a line, the status lists. (jobs.test.ts holds the other job calls.)
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { picture } from '../support/files.ts';

const { office, eventCount } = apiTest('api_job_lines', { now: () => new Date('2026-11-22T15:00:00Z') });

type Row = { id: string } & Record<string, any>;

async function newJob(values: Record<string, unknown> = {}) {
  const r = await office.post('/api/jobs/new/', { form_type: 'base', ...values });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Row;
}
async function addLine(path: string, values: Record<string, unknown> = {}) {
  const r = await office.post(path, values);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r.body as Row;
}
const detail = async (id: string) => (await office.get(`/api/jobs/${id}/`)).body as Row;

describe('productions: work_type and form_type (spec 3 section 4)', () => {
  it('given each base work type, when a production is added, then its form_type is the spec\'s form', async () => {
    const j = await newJob();
    const cases: [string, string][] = [
      ['Dirt-Plow', 'from_to'], ['Rock-Trench/Saw', 'from_to'], ['Duct Install', 'from_to'], ['Site Work', 'from_to'], ['Re-work', 'from_to'],
      ['Handhole', 'handhole'], ['Coupler Install', 'single_point'], ['Pipe Stubbed', 'single_point'], ['Splice', 'single_point'], ['Other', 'other'],
    ];
    for (const [work_type, form_type] of cases) expect(await addLine(`/api/jobs/${j.id}/productions/`, { work_type }), work_type).toMatchObject({ work_type, form_type });
  });

  it('given an unknown work type and a form_type of the client\'s, when a production is added, then 201 with the typed type and from_to; no type gives no form', async () => {
    const j = await newJob();
    const p = await addLine(`/api/jobs/${j.id}/productions/`, { work_type: 'Micro-trench', form_type: 'handhole', feet: 20 });
    expect(p).toMatchObject({ work_type: 'Micro-trench', form_type: 'from_to', feet: 20 });
    expect(await addLine(`/api/jobs/${j.id}/productions/`, { work_type: '' })).toMatchObject({ form_type: null });
    const put = await office.put(`/api/jobs/productions/${p.id}/`, { work_type: 'Splice', form_type: 'from_to' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ work_type: 'Splice', form_type: 'single_point' });
    expect((await detail(j.id)).productions[0]).toMatchObject({ form_type: 'single_point' });
  });

  it('given a work type over 100 characters, then 400 naming work_type, and nothing is written', async () => {
    const j = await newJob();
    const before = await eventCount();
    const r = await office.post(`/api/jobs/${j.id}/productions/`, { work_type: 'x'.repeat(101) });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual(['work_type']);
    expect(await eventCount()).toBe(before);
  });
});

describe('segments: number, totals and percentages (spec 2 section 3)', () => {
  it('given a segment and its productions, then the line shows its totals wherever it is answered; totals sent by a client are ignored', async () => {
    const j = await newJob();
    const s = await addLine(`/api/jobs/${j.id}/segments/`, { number: 1, segment_number: 'S1', work_type: 'Dirt-Bore', feet: 500, plan_days: 4, estimate_total_labor: 1000, segment_total_feet: 9999, percent_complete: 99 });
    expect(s).toMatchObject({ number: 1, segment_total_feet: 0, segment_total_days: 0, percent_complete: 0, percent_days_used: 0, percent_labor_used: 0 });
    await addLine(`/api/jobs/${j.id}/productions/`, { segment_number: 'S1', feet: 125, production_days: 1, crew_payout_amount: 250 });
    await addLine(`/api/jobs/${j.id}/productions/`, { segment_number: 'S1', feet: 25, production_days: 1 });
    const expected = { segment_total_feet: 150, segment_total_days: 2, production_payouts: 250, percent_complete: 30, percent_days_used: 50, percent_labor_used: 25 };
    expect((await office.get(`/api/jobs/${j.id}/segments/`)).body).toEqual([expect.objectContaining(expected)]);
    expect((await detail(j.id)).segments).toEqual([expect.objectContaining(expected)]);
    const put = await office.put(`/api/jobs/segments/${s.id}/`, { plan_days: 8, segment_total_days: 1 });
    expect(put.body).toMatchObject({ ...expected, percent_days_used: 25 });
  });

  it('given segments, then the job shows their planned feet and the feet and days produced under the segment names', async () => {
    const j = await newJob();
    await addLine(`/api/jobs/${j.id}/segments/`, { segment_number: 'S1', feet: 300 });
    await addLine(`/api/jobs/${j.id}/segments/`, { segment_number: 'S2', feet: 100 });
    await addLine(`/api/jobs/${j.id}/productions/`, { segment_number: 'S2', feet: 40, production_days: 1.5 });
    const d = await detail(j.id);
    expect(d).toMatchObject({ segment_plan_feet: 400, segment_total_feet: 40, segment_total_days: 1.5, segment_percent_complete: 10 });
    expect(d.segment_rollups.map((r: Row) => [r.segment_number, r.segment_total_feet, r.percent_complete])).toEqual([['S1', 0, 0], ['S2', 40, 40]]);
    expect(d).not.toHaveProperty('segment_actual_feet');
  });
});

describe('lines under a line (spec 2 section 3)', () => {
  it('given photos, timecards and work order lines, then their parent line carries them as photos, timecards, items and materials', async () => {
    const j = await newJob();
    const prod = await addLine(`/api/jobs/${j.id}/productions/`, { work_type: 'Handhole' });
    const photo = new FormData();
    photo.append('file', new Blob([new Uint8Array(picture('hh'))], { type: 'image/png' }), 'hh.png');
    photo.append('file_name', 'hh.png');
    const up = await office.request('POST', `/api/jobs/productions/${prod.id}/photos/`, photo);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const sheet = await addLine(`/api/jobs/${j.id}/timesheets/`, { timesheet_number: 'T-1' });
    await addLine(`/api/jobs/timesheets/${sheet.id}/timecards/`, { timecard_number: 'C-1', hours: 8 });
    const wo = await addLine(`/api/jobs/${j.id}/work_orders/`, { work_description: 'Set handhole' });
    await addLine(`/api/jobs/work_orders/${wo.id}/items/`, { item: 'Handhole 17x30' });
    await addLine(`/api/jobs/work_orders/${wo.id}/materials/`, { item_code: 'HH1730' });
    const d = await detail(j.id);
    expect(d.productions[0].photos).toEqual([expect.objectContaining({ id: up.body.id, file_name: 'hh.png', file: expect.stringContaining('/api/files/') })]);
    expect(d.timesheets[0].timecards).toEqual([expect.objectContaining({ timecard_number: 'C-1', job_timesheet: sheet.id })]);
    expect(d.work_orders[0]).toMatchObject({ items: [expect.objectContaining({ item: 'Handhole 17x30' })], materials: [expect.objectContaining({ item_code: 'HH1730' })] });
    expect((await office.get(`/api/jobs/${j.id}/productions/`)).body[0].photos).toHaveLength(1);
  });
});

describe('line fields and status lists (spec 2 sections 3 and 4)', () => {
  it('given a change order line with the item fields, then they are kept, and an item starts off any work order', async () => {
    const j = await newJob();
    const co = await addLine(`/api/jobs/${j.id}/change_orders/`, { co_number: 'CO-2', col1: 'Extra bore', col2: 'FT', col3: '40', provisions: 'Night work', qty: 40, price: 10, assigned_to_work_order: true });
    expect(co).toMatchObject({ col1: 'Extra bore', col2: 'FT', col3: '40', provisions: 'Night work', assigned_to_work_order: true, total_price: 400 });
    expect(await addLine(`/api/jobs/${j.id}/items/`, { item: 'Bore' })).toMatchObject({ assigned_to_work_order: false });
  });

  it('given NEED STATUS or a blank, then every status list of a job line takes it', async () => {
    const j = await newJob();
    for (const kind of ['segments', 'invoices', 'materials', 'links', 'change_orders', 'crew_payouts', 'damagereports']) {
      const field = kind === 'segments' ? 'work_status' : 'status';
      const line = await addLine(`/api/jobs/${j.id}/${kind}/`, { [field]: 'NEED STATUS' });
      expect(line[field], kind).toBe('NEED STATUS');
      const blank = await office.put(`/api/jobs/${kind}/${line.id}/`, { [field]: '' });
      expect(blank.body[field], kind).toBeNull();
    }
  });

  it('given a base job, then it takes a division and a percent complete from the base lists and any customer', async () => {
    const j = await newJob({ customer: 'Fiberlight', division: 'IR EMER', percent_complete: '66%' });
    expect(j).toMatchObject({ customer: 'Fiberlight', division: 'IR EMER', percent_complete: '66%' });
  });
});
