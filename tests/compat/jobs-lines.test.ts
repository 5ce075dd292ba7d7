/**
 * The spec's client on a base job's line sections, call by call as spec 2 section 7 lists them ("Child
 * collections"), with the field names of spec 2 section 3. Calls exercised: 52, the four calls of
 * each of 13 kinds: GET and POST jobs/{id}/{kind}/, PUT and DELETE jobs/{kind}/{id} (with and without
 * the trailing slash) for items, change_orders, links, iwas, materials, crew_payouts, segments,
 * invoices, notes, damagereports, timesheets, crews (a crew of Settings), work_orders; and another
 * user's edit of another line. Uploads and lines of lines are in jobs-nested.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, type Obj } from './specClient.ts';

const { office, eventCount } = apiTest('compat_jobs_lines');
const spec = new SpecClient(office);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
  // Spec 2 section 5: a crew on a job must be a crew of Settings > Crews.
  for (const crew_name of ['Bore Crew 1', 'Aerial Crew A', 'Night Crew']) await spec.create('/api/settings/crews/', { crew_name });
});

interface Kind {
  kind: string;
  /** A new line as the section's inputs post it (numbers as text). */
  post: Obj;
  /** What the POST answers of it (numbers as numbers, defaults and computed fields). */
  posted: Obj;
  /** Two saves from the same kept POST answer, and what the second answers (computed fields sent back changed are ignored). */
  edits: [Obj, Obj];
  saved: Obj;
  /** A field Frank and the client both change: Frank's value, the client's, and each as the server keeps it. */
  conflict: { field: string; theirs: unknown; yours: unknown; theirsKept?: unknown; yoursKept?: unknown };
  /** A value still wrong as sent. */
  wrong: [string, unknown];
}

const KINDS: Kind[] = [
  {
    kind: 'items',
    post: { item: 'Bore 2"', item_code: 'B2', description: 'Directional bore, 2 inch', uom: 'FT', qty: '12', price: '10.50' },
    posted: { qty: 12, price: 10.5, total_price: 126 },
    edits: [{ qty: '20', total_price: '1' }, { col1: 'Main St', line_number: 1 }],
    saved: { qty: 20, col1: 'Main St', line_number: 1, total_price: 210 },
    conflict: { field: 'price', theirs: '11', yours: '12.25', theirsKept: 11, yoursKept: 12.25 },
    wrong: ['qty', 'twelve'],
  },
  {
    kind: 'change_orders',
    post: { co_number: 3, item_code: 'CO-1', description: 'Extra bore', uom: 'FT', qty: '3', price: '100' },
    posted: { co_number: '3', total_price: 300 },
    edits: [{ status: 'Submitted' }, { qty: '4', total_price: '0' }],
    saved: { status: 'Submitted', qty: 4, total_price: 400 },
    conflict: { field: 'status', theirs: 'Approved', yours: 'Disapproved' },
    wrong: ['price', 'a hundred'],
  },
  {
    kind: 'links',
    post: { title: 'Permit portal', url: 'https://example.com/permit' },
    posted: { status: 'Need' },
    edits: [{ status: 'Ordered' }, { title: 'County permit portal' }],
    saved: { status: 'Ordered', title: 'County permit portal' },
    conflict: { field: 'title', theirs: 'City portal', yours: 'State portal' },
    wrong: ['status', 'Lost'],
  },
  {
    kind: 'iwas',
    post: {},
    posted: { form_type: 'attfiber' },
    edits: [{ verb: 'Install' }, { po_string1: 'PO 77' }],
    saved: { verb: 'Install', po_string1: 'PO 77' },
    conflict: { field: 'final_string', theirs: 'Install 300 ft', yours: 'Install 400 ft' },
    wrong: ['form_type', 'fax'],
  },
  {
    kind: 'materials',
    post: { materials_line_number: '1', item_code: 'DUCT-2', description: '2" duct', uom: 'FT', qty: '400', price: '1.25', cost: '0.80', customer_billable: 't', we_buy: 'f' },
    posted: { materials_line_number: 1, qty: 400, total_price: 500, total_cost: 320, customer_billable: true, we_buy: false, status: 'Need', allocated: false },
    edits: [{ status: 'Ordered' }, { qty: '500', total_price: '1', total_cost: '1' }],
    saved: { status: 'Ordered', qty: 500, total_price: 625, total_cost: 400 },
    conflict: { field: 'qty', theirs: '300', yours: '350', theirsKept: 300, yoursKept: 350 },
    wrong: ['cost', 'cheap'],
  },
  {
    kind: 'crew_payouts',
    // Spec 2 section 4's short reading of the categories: 'Crew', 'Materials', 'Equipment'.
    post: { crew_name: 'Bore Crew 1', crew_payout_amount: '1500.00', category: 'Crew' },
    posted: { crew_payout_amount: 1500, category: 'Crew Payout' },
    edits: [{ status: 'Paid (No C/O)' }, { crew_payout_amount: '1750.50', category: 'Equipment' }],
    saved: { status: 'Paid (No C/O)', crew_payout_amount: 1750.5, category: 'Equipment Payout' },
    conflict: { field: 'crew_payout_amount', theirs: '1600', yours: '1700', theirsKept: 1600, yoursKept: 1700 },
    wrong: ['crew_payout_amount', 'fifteen hundred'],
  },
  {
    kind: 'segments',
    post: { segment_number: 1, feet: '1200', plan_days: '3', segment_po_amount: '5000.00', estimate_total_labor: '2000' },
    posted: { segment_number: '1', work_status: 'New', feet: 1200, plan_days: 3, segment_po_amount: 5000 },
    edits: [{ work_status: 'Current' }, { feet: '1300', segment_number: 2 }],
    saved: { work_status: 'Current', feet: 1300, segment_number: '2' },
    conflict: { field: 'feet', theirs: '1100', yours: '1250', theirsKept: 1100, yoursKept: 1250 },
    wrong: ['plan_days', 'three'],
  },
  {
    kind: 'invoices',
    post: { invoice_number: 1001, invoice_amount: '2500.00' },
    posted: { invoice_number: '1001', invoice_amount: 2500, status: 'Not Paid' },
    edits: [{ status: 'Submitted' }, { invoice_amount: '2600.10' }],
    saved: { status: 'Submitted', invoice_amount: 2600.1 },
    conflict: { field: 'invoice_amount', theirs: '2400', yours: '2700', theirsKept: 2400, yoursKept: 2700 },
    wrong: ['invoice_amount', 'TBD'],
  },
  {
    kind: 'notes',
    post: { note: 'Called locates' },
    posted: { note_status: 'Update', created_by: 'Office User' },
    edits: [{ note_status: 'Called' }, { note: 'Called locates twice' }],
    saved: { note_status: 'Called', note: 'Called locates twice', created_by: 'Office User' },
    conflict: { field: 'note', theirs: 'Locates are late', yours: 'Locates are in' },
    wrong: ['note_status', 'Maybe'],
  },
  {
    kind: 'damagereports',
    post: { damage_report_number: 7 },
    posted: { damage_report_number: '7', status: 'New' },
    edits: [{ status: 'In-process' }, { description: 'Hit a gas line marker' }],
    saved: { status: 'In-process', description: 'Hit a gas line marker' },
    conflict: { field: 'status', theirs: 'Completed', yours: 'In-process' },
    wrong: ['status', 'Lost'],
  },
  {
    kind: 'timesheets',
    post: { timesheet_number: 12 },
    posted: { timesheet_number: '12' },
    edits: [{ crew_name: 'Bore Crew 1' }, { week_ending: '2031-01-10' }],
    saved: { crew_name: 'Bore Crew 1', week_ending: '2031-01-10' },
    conflict: { field: 'notes', theirs: 'Short week', yours: 'Rain day' },
    wrong: ['week_ending', 'Friday'],
  },
  {
    kind: 'crews',
    post: { crew_name: 'Bore Crew 1', segment_ref: '', segment_number: 1 },
    posted: { crew_name: 'Bore Crew 1', segment_number: '1' },
    edits: [{ segment_number: 2 }, { crew_name: 'Aerial Crew A' }],
    saved: { segment_number: '2', crew_name: 'Aerial Crew A' },
    conflict: { field: 'crew_name', theirs: 'Aerial Crew A', yours: 'Night Crew' },
    wrong: ['crew_name', 'No Such Crew'],
  },
  {
    kind: 'work_orders',
    post: { line_number: 1, work_description: 'Bore under Main', crew_name: 'Bore Crew 1' },
    posted: { line_number: 1, work_order_number: expect.stringMatching(/^\d+$/) },
    edits: [{ scheduled_date: '2031-02-02' }, { work_description: 'Bore under Main and 3rd' }],
    saved: { scheduled_date: '2031-02-02', work_description: 'Bore under Main and 3rd' },
    conflict: { field: 'work_description', theirs: 'Bore under 3rd', yours: 'Bore under 4th' },
    wrong: ['scheduled_date', 'soon'],
  },
];

async function newJob(): Promise<Obj> {
  return spec.create('/api/jobs/new/', { form_type: 'base', work_status: 'New', title: 'Lines' });
}

describe.each(KINDS)('a base job\'s $kind', (k) => {
  const list = (jobId: string) => `/api/jobs/${jobId}/${k.kind}/`;
  const one = (id: string, slash = '') => `/api/jobs/${k.kind}/${id}${slash}`;

  it('given two lines posted, when each is PUT twice with its POST answer after the other was added and changed, then 200 each, changes kept, computed fields recomputed', async () => {
    const job = await newJob();
    const lines = [await spec.create(list(job.id), { job: job.id, ...k.post }), await spec.create(list(job.id), { job: job.id, ...k.post })];
    for (const line of lines) expect(line).toMatchObject({ job: job.id, ...k.posted });
    for (const line of lines) {
      const first = await spec.save(one(line.id), line, k.edits[0]);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
    }
    for (const line of lines) {
      // The same kept POST answer again (its version is still the POST's), at the path with a trailing slash.
      const second = await spec.save(one(line.id, '/'), line, k.edits[1]);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body).toMatchObject(k.saved);
    }
    const listed = await spec.load<Obj[]>(list(job.id));
    expect(listed.map((l) => l.id)).toEqual(lines.map((l) => l.id));
    for (const l of listed) expect(l).toMatchObject(k.saved);
  });

  it(`given a line Frank changed since the client's POST answer, when the client changes ${k.conflict.field} too, then 409 names it and nothing is written`, async () => {
    const job = await newJob();
    const line = await spec.create(list(job.id), { job: job.id, ...k.post });
    const { field, theirs, yours, theirsKept = theirs, yoursKept = yours } = k.conflict;
    const franks = await frank.save(one(line.id), copyOf(line), { [field]: theirs });
    expect(franks.status, JSON.stringify(franks.body)).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(one(line.id), line, { [field]: yours }), field, { yours: yoursKept, theirs: theirsKept, by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it(`given a line, when ${k.wrong[0]} is saved as ${JSON.stringify(k.wrong[1])}, then 400 names it and nothing is written`, async () => {
    const job = await newJob();
    const line = await spec.create(list(job.id), { job: job.id, ...k.post });
    const before = await eventCount();
    expectInvalid(await spec.save(one(line.id), line, { [k.wrong[0]]: k.wrong[1] }), k.wrong[0]);
    expect(await eventCount()).toBe(before);
  });

  it('given a line deleted, when the kept line is PUT or deleted again, then 410 or 404 says so, nothing is written and the other line stays', async () => {
    const job = await newJob();
    const [gone, kept] = [await spec.create(list(job.id), { job: job.id, ...k.post }), await spec.create(list(job.id), { job: job.id, ...k.post })];
    expect((await spec.del(one(gone.id))).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(one(gone.id), gone, k.edits[0]));
    expectGone(await spec.del(one(gone.id, '/')));
    expect(await eventCount()).toBe(before);
    expect((await spec.load<Obj[]>(list(job.id))).map((l) => l.id)).toEqual([kept.id]);
  });
});

describe('another user\'s edit of another line', () => {
  it('given Frank changed one item\'s price, when the client saves another item\'s price and the job itself from the objects it kept, then 200 each and all three changes stand', async () => {
    const job = await spec.load(`/api/jobs/${(await newJob()).id}/`);
    const [a, b] = [await spec.create(`/api/jobs/${job.id}/items/`, { job: job.id, item: 'A', qty: '1', price: '10' }), await spec.create(`/api/jobs/${job.id}/items/`, { job: job.id, item: 'B', qty: '1', price: '10' })];
    expect((await frank.save(`/api/jobs/items/${a.id}`, copyOf(a), { price: '11' })).status).toBe(200);
    const other = await spec.save(`/api/jobs/items/${b.id}`, b, { price: '12' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const own = await spec.save(`/api/jobs/${job.id}/`, job, { title: 'Lines, edited' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const now = await spec.load(`/api/jobs/${job.id}/`);
    expect(now.items.map((i: Obj) => i.price)).toEqual([11, 12]);
    expect(now).toMatchObject({ title: 'Lines, edited', total_po_item_amounts: 23 });
  });
});
