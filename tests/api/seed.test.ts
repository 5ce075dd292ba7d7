/** The demo data of `npm start`: written through the commands, readable through the API, seeded once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  collectionsOf,
  detailKeyOf,
  HELP_MOODS,
  HELP_OUR_STATUSES,
  HELP_PRIORITIES,
  HELP_SUBMITTER_STATUSES,
  HELP_TICKET_STATUSES,
  HELP_TYPES,
  HELP_UPDATE_STATUSES,
  LOCATE_STATUSES,
  ORCA_INVOICE_STATUSES,
  TICKET_STATUSES,
  collection,
  ESTIMATE_TYPES,
  LEAD_SOURCES,
  RFQ_COLOURS,
  RFQ_STATUSES,
  SALES_ADOPTION,
  SALES_STATUSES,
  SALES_TYPES,
  weekStart,
} from '@trenchline/domain';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '@trenchline/api/seed.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

type Row = { id: string } & Record<string, any>;

let app: TestApp;
let demo: Client;

beforeAll(async () => {
  app = await startTestApp('api_seed');
  expect(await seedDemo(app.api.ctx)).toEqual({ created: true });
  demo = new Client(app.url);
  await demo.get('/api/auth/me');
  expect((await demo.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
  // The seed writes thousands of events: on a busy machine projecting them takes longer than a list's 2 s wait.
  await app.caughtUp();
  // Thousands of commands and their projection: past a minute on a machine also replaying ten million events.
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe('demo data', () => {
  it('given an empty database, when seeded, then bids, projects, routines and every settings catalog have demo records', async () => {
    expect((await demo.list('/api/bids/?archived=f')).body).toHaveLength(12);
    expect((await demo.list('/api/settings/crews/')).body.map((c: { crew_name: string }) => c.crew_name)).toContain('Bore Crew 1');
    expect((await demo.list('/api/settings/customers/')).body.map((c: { name: string }) => c.name)).toEqual(['AT&T', 'City of Columbus', 'Fiberlight', 'Lumen']);
    expect((await demo.list('/api/settings/vendors/')).body).toHaveLength(2);
    expect((await demo.list('/api/settings/raw_materials/')).body).toHaveLength(2);
    // One of the settings, four the demo orders added; each with a barcode.
    const products = (await demo.list('/api/settings/our_products/')).body as Row[];
    expect(products).toHaveLength(5);
    expect(products.every((p) => /^\d{13}$/.test(p.barcode_1))).toBe(true);
    // Two seeded, and one a demo job's save added (its code was unknown).
    expect((await demo.list('/api/settings/jobs/sva_coordinators/')).body.map((c: { coordinator_code: string }) => c.coordinator_code).sort()).toEqual(['KN03', 'PL01', 'SO02']);
    expect((await demo.get('/api/settings/jobs/sva_codes/')).body).toHaveLength(5);
    // Twelve base and three ORCA demo jobs and the won RFQ's job took numbers 2601-2616, four work orders 881-884.
    expect((await demo.get('/api/settings/current_number/job/')).body).toMatchObject({ number: 2616, suggested_number: 2617 });
    expect((await demo.get('/api/settings/current_number/job/work_order/')).body).toMatchObject({ number: 884 });
    const projects = (await demo.list('/api/projects/?active=t&archived=t')).body;
    expect(projects).toHaveLength(10);
    expect(projects.filter((p: { archived: boolean }) => p.archived)).toHaveLength(1);
    expect(projects[0]).toMatchObject({ project_days_left: -3, latest_note: expect.any(String), location: expect.objectContaining({ latitude: expect.any(Number) }) });
    expect((await demo.list('/api/lpms/routines/')).body).toHaveLength(3);
    const runs = (await demo.list('/api/lpms/do_routines/')).body;
    expect(runs).toHaveLength(2);
    expect(runs.map((r: { status: string }) => r.status).sort()).toEqual(['In progress', 'Not started']);
    expect((await demo.get('/api/jobs/job_account_users/')).body.map((u: { last_name: string }) => u.last_name)).toEqual(['Demo', 'Field']);
  });

  it('given the demo jobs, then a dozen base jobs, three ORCA jobs and the won RFQ\'s job numbered by the counter, and every section of the job page has data in some job', async () => {
    const jobs = (await demo.list('/api/jobs/?active=t&archived=t')).body as { id: string; account_job_number: string; archived: boolean; form_type: string }[];
    expect(jobs).toHaveLength(16);
    expect(jobs.map((j) => Number(j.account_job_number)).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => 2601 + i));
    expect(jobs.filter((j) => j.archived)).toHaveLength(1);
    expect(new Set(jobs.map((j) => j.form_type))).toEqual(new Set(['base', 'attfiber', 'attorca']));
    const others = (await demo.list('/api/jobs/all_others/?active=t&archived=t')).body as Record<string, any>[];
    // The twelve base jobs and the won RFQ's (a base job too).
    expect(others).toHaveLength(13);
    const details = await Promise.all(jobs.map(async (j) => (await demo.get(`/api/jobs/job_with_related/${j.id}/`)).body));
    for (const def of collectionsOf('job')) {
      const key = detailKeyOf(def);
      expect(details.some((d) => d[key].length > 0), key).toBe(true);
    }
    // Totals, crews and bundles show on the list rows too; the segment roll-ups on the all-others rows.
    const first = jobs[0] as Record<string, any>;
    expect(first.total_job).toBeGreaterThan(0);
    expect(first.crew_string).not.toBe('');
    expect(others.find((o) => o.id === first.id)!.segment_rollups.length).toBeGreaterThan(0);
    expect(jobs.some((j: Record<string, any>) => j.pdf_bundle)).toBe(true);
    expect(details.every((d) => d.crews.every((c: { crew: string }) => /^\d+$/.test(c.crew)))).toBe(true);
    const photo = details.flatMap((d) => d.job_production_photos)[0];
    expect((await demo.download(photo.file)).bytes.subarray(1, 4).toString()).toBe('PNG');
    const bundle = details.flatMap((d) => d.pdf_bundles)[0];
    expect((await demo.download(bundle.file)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('given the ORCA demo jobs, then each has several tasks with their lines, CIBE lines that differ and a zeroed one, and a permit expiring within days', async () => {
    const today = app.api.ctx.now().toISOString().slice(0, 10);
    const rows = (await demo.list('/api/jobs/?form_type=attorca')).body as Row[];
    expect(rows).toHaveLength(3);
    const jobs = await Promise.all(rows.map(async (r) => (await demo.get(`/api/jobs/${r.id}/`)).body as Row));
    for (const job of jobs) {
      expect(job).toMatchObject({ form_type: 'attorca', customer: 'AT&T' });
      // Every ORCA status of the job is set.
      for (const field of ['work_status', 'invoice_status', 'materials_status', 'permit_status', 'photo_status', 'payout_status', 'email_status', 'pit_status', 'mup', 'pre_approval'])
        expect(job[field], field).toEqual(expect.stringMatching(/\S/));
      expect(job.tasks.length).toBeGreaterThanOrEqual(2);
      expect(job.task_count).toBe(job.tasks.length);
      expect(job.tasks.map((t: Row) => t.task_id)).toEqual(job.tasks.map((_: Row, i: number) => `1.${i + 1}`));
      for (const task of job.tasks) {
        expect(task.job_task_items.length, task.task_id).toBeGreaterThan(0);
        expect(task.job_task_cibe_items.length, task.task_id).toBeGreaterThan(0);
        expect(task.task_total).toBeGreaterThan(0);
        // The coordinator came from Settings > SVA coordinators by its code.
        expect(task.coordinator).toBe({ PL01: 'Pat Lee', SO02: 'Sam Ortiz' }[task.coordinator_code as string]);
      }
      // The job's permit date is its earliest permit's: 3 to 10 days from the seed's today.
      expect(job.permit_expiration_date).toBe(job.permits.map((p: Row) => p.expiration_date).sort()[0]);
      expect(job.permit_expiration_date > addDays(today, 2) && job.permit_expiration_date <= addDays(today, 10)).toBe(true);
      expect(Math.min(...job.permits.map((p: Row) => p.permit_days_left))).toBeLessThanOrEqual(10);
      expect(job.cibeitems.some((l: Row) => l.line_zeroed === true && l.CIBE_item_qty === 0)).toBe(true);
      expect(job.cibeitems.some((l: Row) => l.line_zeroed !== true && l.CIBE_item_qty_diff !== null)).toBe(true);
      expect(job.CIBE_job_grand_total_difference).not.toBe(0);
    }
    // An SVA code filled its line's description and price.
    const bore = jobs[0].cibeitems.find((l: Row) => l.issued_item_code === 'SVA-101');
    expect(bore).toMatchObject({ issued_item_description: 'Directional bore, 1-2 ducts', issued_item_price: 14.25 });
    // A generated CIBE email names the lines that differ.
    const emails = jobs.flatMap((j) => j.cibe_emails) as Row[];
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ email_status: 'In Process', subject: expect.stringContaining('CIBE changes'), amount: expect.any(Number), job_task: expect.any(String) });
    expect(emails[0].email_body).toContain('SVA-401');
    // The task page's call answers the task's sections, photos and files included.
    const withFiles = jobs.flatMap((j) => j.tasks as Row[]).find((t) => t.job_task_photos.length > 0)!;
    const page = await demo.get(`/api/jobs/tasks/${withFiles.id}/`);
    expect(page.status).toBe(200);
    for (const key of ['job_task_permits', 'job_task_items', 'job_task_materials', 'job_task_crews_assigned', 'job_task_crew_payouts', 'job_task_notes', 'job_task_cibe_items', 'job_task_photos', 'job_task_files'])
      expect(page.body[key].length, key).toBeGreaterThan(0);
    expect(page.body.task_permit_days_left).toBeGreaterThanOrEqual(3);
  });

  it('given the ORCA demo jobs, then both dashboards show something in every part: colours, a red and an orange row, crews, and invoices in every status of the pipeline on jobs and tasks', async () => {
    const dashboard = (await demo.get('/api/jobs/orcas/?page=1')).body;
    expect(dashboard.count).toBe(3);
    const rows = dashboard.results as Row[];
    expect(new Set(rows.map((r) => r.colour)).size).toBe(3);
    expect(rows.every((r) => r.colour_background)).toBe(true);
    expect(rows.map((r) => r.job_days_colour).sort()).toEqual(['orange', 'red', null].sort());
    expect(rows.every((r) => r.crew_string && r.task_count >= 2 && r.permit_days_left !== null)).toBe(true);

    const billing = (await demo.get('/api/jobs/orcas/billings/?page=1')).body;
    const pipeline = ORCA_INVOICE_STATUSES.filter((s) => s !== 'NEED STATUS');
    expect(billing.totals.map((t: Row) => t.status)).toEqual(pipeline);
    expect(billing.totals.every((t: Row) => t.count > 0 && t.amount > 0)).toBe(true);
    expect(billing.totals.filter((t: Row) => t.paid_stage).map((t: Row) => t.status)).toEqual(['Level 1', 'Level 2', 'CAC Level', 'Sent for Payment', 'Paid']);
    const invoices = billing.results as Row[];
    expect(invoices.some((i) => i.task_id === null) && invoices.some((i) => i.task_id !== null)).toBe(true);
    expect(invoices.every((i) => typeof i.invoice_amount === 'number' && i.invoice_amount > 0)).toBe(true);
  });

  it('given the demo locates, then every status, base jobs, ORCA tasks and none, lines, re-up chains of one to three, and expiries expired, due within the lead time, orange and far out', async () => {
    const rows = (await demo.list('/api/locates/?active=t&archived=t')).body as Row[];
    expect(rows).toHaveLength(14);
    expect(new Set(rows.map((r) => r.locate_status))).toEqual(new Set(LOCATE_STATUSES));
    expect(rows.some((r) => r.current_ticket_type === 'New') && rows.some((r) => r.opened_by === 'Dana Demo')).toBe(true);
    const onBase = rows.filter((r) => r.job_ref && !r.job_task_ref);
    const onTask = rows.filter((r) => r.job_task_ref);
    expect(onBase.length).toBeGreaterThanOrEqual(5);
    expect(onTask.length).toBeGreaterThanOrEqual(3);
    expect(onTask.every((r) => r.task_id && r.task_title && r.account_job_number)).toBe(true);
    expect((await demo.list('/api/locates/unassigned/')).body).toHaveLength(2);
    expect(new Set(rows.map((r) => r.ticket_chain.length))).toEqual(new Set([1, 2, 3]));
    expect(rows.some((r) => r.customer) && rows.some((r) => r.crew_string) && rows.some((r) => r.latest_note)).toBe(true);
    const watched = rows.filter((r) => ['Active', 'Marked'].includes(r.locate_status));
    expect(watched.some((r) => r.locate_days_left < 0)).toBe(true);
    expect(watched.some((r) => r.locate_days_left >= 0 && r.locate_days_left <= 2)).toBe(true);
    expect(watched.some((r) => r.locate_days_colour === 'orange')).toBe(true);
    expect(watched.some((r) => r.locate_days_left >= 20)).toBe(true);
    const expiring = (await demo.get('/api/locates/expiring/count/')).body;
    expect(expiring).toMatchObject({ count: 4, lead_days: 2, basis: 'calendar' });
    expect((await demo.get('/api/settings/locates/')).body.holidays.map((h: Row) => h.name)).toEqual(['Thanksgiving', 'Christmas Day']);
    // A job with a crew and an expired locate warns on its row.
    const jobs = (await demo.list('/api/jobs/?page=1&page_size=100')).body.results as Row[];
    expect(jobs.some((j) => /expired/.test(j.locate_warning ?? ''))).toBe(true);
    expect(jobs.some((j) => j.locate_warning === null)).toBe(true);
  });

  it('given the demo help tickets, then every type, priority, mood and status, two closed and archived, updates from both users in every update status, a file, and tickets awaiting each side', async () => {
    const rows = (await demo.list('/api/help/?active=t&archived=t')).body as Row[];
    expect(rows).toHaveLength(6);
    for (const [field, values] of [['ticket_type', HELP_TYPES], ['priority', HELP_PRIORITIES], ['submitter_mood', HELP_MOODS], ['ticket_status', HELP_TICKET_STATUSES], ['submitter_status', HELP_SUBMITTER_STATUSES], ['our_status', HELP_OUR_STATUSES]] as const)
      expect(new Set(rows.map((r) => r[field])), field).toEqual(new Set(values));
    const archived = rows.filter((r) => r.archived);
    expect(archived).toHaveLength(2);
    expect(archived.every((r) => r.ticket_status === 'Closed' || r.submitter_status === 'Closed')).toBe(true);
    expect(new Set(rows.map((r) => r.submitted_by_name))).toEqual(new Set(['Dana Demo', 'Frank Field']));
    const details = await Promise.all(rows.map(async (r) => (await demo.get(`/api/help/${r.id}/`)).body as Row));
    const updates = details.flatMap((d) => d.updates as Row[]);
    expect(new Set(updates.map((u) => u.update_status))).toEqual(new Set(HELP_UPDATE_STATUSES));
    expect(new Set(updates.map((u) => u.created_by))).toEqual(new Set(['Dana Demo', 'Frank Field']));
    const files = details.flatMap((d) => d.files as Row[]);
    expect(files).toHaveLength(1);
    expect((await demo.download(files[0].file)).bytes.toString()).toContain('upload bore-pit.png');
    // Dana answers Frank's three open tickets, and one of hers awaits her answer.
    expect((await demo.get('/api/help/awaiting/count/')).body).toEqual({ count: 4, office: 3, submitter: 1 });
  });

  it('given the demo orders, then five for customers of Settings numbered by the order counter: two submitted, a draft with no items, lines from products with totals by rule', async () => {
    const rows = (await demo.list('/api/crs/orders/?active=t&archived=t&ordering=order_number')).body as Row[];
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => Number(r.order_number))).toEqual([121, 122, 123, 124, 125]);
    expect(rows.filter((r) => r.status === 'Submitted').map((r) => [r.customer_name, r.total_price, r.submitted_by])).toEqual([['AT&T', 734, 'Dana Demo'], ['Fiberlight', 444, 'Dana Demo']]);
    expect(rows.filter((r) => r.status === 'Draft' && r.item_count === 0).map((r) => r.customer_name)).toEqual(['City of Columbus']);
    expect(rows.every((r) => r.billing_city && r.billing_address)).toBe(true);
    const lumen = (await demo.get(`/api/crs/orders/${rows.find((r) => r.customer_name === 'Lumen')!.id}/`)).body as Row;
    expect(lumen.items.map((i: Row) => [i.code, i.qty, i.total_price])).toEqual([['LOC-HR', 6, 570], ['PAINT-OR', 12, 87], [null, 1, null]]);
    expect(lumen.items[0]).toMatchObject({ item_name: 'Private locate service', barcode_1: '0712345000059', product_ref: expect.any(String) });
    expect(lumen.total_price).toBe(657);
    expect((await demo.get('/api/settings/current_number/order/')).body.number).toBe(125);
  });

  it('given the demo tickets, then every status on base jobs, ORCA tasks and none, numbered by the counter, every section filled somewhere, and signatures current and stale', async () => {
    const today = app.api.ctx.now().toISOString().slice(0, 10);
    const all = `/api/tickets/?active=t&archived=t&start_date=${addDays(today, -60)}&end_date=${addDays(today, 60)}`;
    const rows = (await demo.list(all)).body as Row[];
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => Number(r.account_ticket_number)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 3201 + i));
    expect(new Set(rows.map((r) => r.ticket_status))).toEqual(new Set(TICKET_STATUSES));
    expect(new Set(rows.map((r) => r.form_type))).toEqual(new Set(['base_ticket', 'attfiber_ticket', 'attorca_ticket']));
    expect(rows.filter((r) => r.archived)).toHaveLength(2);
    expect(rows.filter((r) => r.job_task_ref).every((r) => r.task_title && r.account_job_number)).toBe(true);
    expect((await demo.list('/api/tickets/unassigned/')).body).toHaveLength(1);
    // The list's default (the last 14 days) shows 16 of the 18 active: two paid tickets were done weeks ago.
    const recent = (await demo.list('/api/tickets/')).body as Row[];
    expect(recent).toHaveLength(16);
    expect(recent.some((r) => r.ticket_status === 'Paid')).toBe(false);
    expect(new Set(rows.map((r) => r.signature_status))).toEqual(new Set(['unsigned', 'signed', 'signed an earlier version']));
    expect(rows.some((r) => r.ticket_days_colour === 'red') && rows.some((r) => r.ticket_days_colour === 'orange')).toBe(true);

    const details = await Promise.all(rows.map(async (r) => (await demo.get(`/api/tickets/${r.id}/`)).body as Row));
    // Every collection has lines in some ticket; a line's photos and files are nested under their line.
    for (const def of collectionsOf('ticket')) {
      const parent = def.parentLine ? collectionsOf('ticket').find((c) => c.name === def.parentLine!.collection)! : null;
      const held = (d: Row): Row[] => (parent ? (d[detailKeyOf(parent)] as Row[]).flatMap((l) => l[def.photos ? 'photos' : 'files'] ?? []) : d[detailKeyOf(def)]);
      expect(details.some((d) => held(d).length > 0), def.name).toBe(true);
    }
    expect(details.some((d) => d.ticket_pdf_from_tablet?.file_name)).toBe(true);
    expect(details.some((d) => d.ticket_productions.some((p: Row) => p.line_inserted) && d.ticket_productions.some((p: Row) => p.line_zeroed && p.feet === 0))).toBe(true);
    expect(details.some((d) => d.expenses_total_billable > 0 && d.expenses_total_webuy > 0)).toBe(true);
    const stale = details.find((d) => d.signature_status === 'signed an earlier version')!;
    expect(stale.customer_signatures[0]).toMatchObject({ signature_current: false, signature_state: 'signed an earlier version', changes_since: [expect.stringContaining('feet 220 → 260')] });
    expect(details.filter((d) => d.signature_status === 'signed').every((d) => [...d.customer_signatures, ...d.worker_signatures].every((s: Row) => s.signature_current))).toBe(true);
    // ORCA production came from the task's CIBE lines.
    const orca = details.filter((d) => d.form_type === 'attorca_ticket');
    expect(orca.every((d) => d.ticket_productions.every((p: Row) => p.job_orca_cibe && p.issued_item_code && p.CIBE_item_code))).toBe(true);
    expect(details.filter((d) => d.approved).map((d) => d.ticket_status).sort()).toEqual(['Approved', 'Approved', 'Approved', 'Approved', 'Invoiced', 'Invoiced', 'Paid', 'Paid', 'Resolved', 'Resolved']);
  });

  it('given the approved demo tickets, then their production is counted on their jobs, and sending one back takes it out', async () => {
    const today = app.api.ctx.now().toISOString().slice(0, 10);
    const rows = (await demo.list(`/api/tickets/?active=t&archived=t&start_date=${addDays(today, -60)}&end_date=${addDays(today, 60)}`)).body as Row[];
    const details = await Promise.all(rows.map(async (r) => (await demo.get(`/api/tickets/${r.id}/`)).body as Row));
    // A base job's segment counts its approved ticket's feet; an Edit Requested ticket's count nothing.
    const aerial = details.find((d) => d.ticket_status === 'Approved' && d.feet_total === 640)!;
    const segmentOf = async (d: Row) => ((await demo.get(`/api/jobs/${d.job}/`)).body.segments as Row[]).find((s) => s.id === d.job_seg_ref_id)!;
    expect((await segmentOf(aerial)).ticket_feet).toBe(640);
    expect((await segmentOf(details.find((d) => d.ticket_status === 'Edit Requested')!)).ticket_feet).toBeNull();
    // An approved ORCA ticket: un-approving it takes its 120 out of the CIBE line, approving puts it back.
    const shot = details.find((d) => d.form_type === 'attorca_ticket' && d.ticket_status === 'Approved')!;
    const line = shot.ticket_productions.find((p: Row) => p.qty === 120).job_orca_cibe;
    const qtyOn = async () => ((await demo.get(`/api/jobs/${shot.job}/`)).body.cibeitems as Row[]).find((l) => l.id === line)!.CIBE_item_qty as number;
    const counted = await qtyOn();
    expect((await demo.post(`/api/tickets/${shot.id}/request_edit/`)).status).toBe(200);
    expect(await qtyOn()).toBe(counted - 120);
    expect((await demo.post(`/api/tickets/${shot.id}/approve/`)).status).toBe(200);
    expect(await qtyOn()).toBe(counted);
  });

  it('given the demo RFQs, then a dozen numbered by the rfq counter in every status and colour, one to three segments, every estimate type, margins besides 30, a blank line, and red and orange days left', async () => {
    const today = app.api.ctx.now().toISOString().slice(0, 10);
    const rows = (await demo.list(`/api/rfqs/?active=t&archived=t&start_date=${addDays(today, -60)}&end_date=${addDays(today, 60)}`)).body as Row[];
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => Number(r.account_rfq_number)).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => 411 + i));
    expect(new Set(rows.map((r) => r.rfq_status))).toEqual(new Set(RFQ_STATUSES));
    expect(new Set(rows.map((r) => r.colour))).toEqual(new Set(RFQ_COLOURS));
    expect(rows.filter((r) => r.archived).map((r) => r.rfq_status)).toEqual(['Lost']);
    expect(new Set(rows.map((r) => r.rfq_days_colour))).toEqual(new Set(['red', 'orange', null]));
    expect(new Set(rows.map((r) => r.segment_count))).toEqual(new Set([1, 2, 3]));
    expect(rows.every((r) => r.latest_note && r.rfq_total > 0)).toBe(true);
    const details = await Promise.all(rows.map(async (r) => (await demo.get(`/api/rfqs/${r.id}/`)).body as Row));
    const estimates = details.flatMap((d) => (d[detailKeyOf(collection('rfq_segments'))] as Row[]).flatMap((s) => s.estimates as Row[]));
    expect(new Set(estimates.map((e) => e.work_type))).toEqual(new Set(ESTIMATE_TYPES));
    expect(new Set(estimates.map((e) => e.estimate_margin_assumption))).toEqual(new Set([20, 25, 30, 35, 40]));
    // Permits not priced yet: no cost and no price, by rule.
    expect(estimates.filter((e) => e.total_price === null).map((e) => [e.work_type, e.price ?? null])).toEqual([['Misc', null]]);
    const priced = estimates.find((e) => e.estimate_margin_assumption === 40 && e.work_type === 'Labor')!;
    expect(priced.total_cost).toBe(Math.round(priced.qty * priced.price * 100) / 100);
    expect(priced.total_price).toBe(Math.round((priced.total_cost / 0.6) * 100) / 100);
    expect((await demo.get('/api/settings/current_number/rfq/')).body.number).toBe(422);
  });

  it('given the won demo RFQ, then it made its job with its segments and estimates, and the job shows the estimated against the actual margin from its invoice and payout', async () => {
    const rows = (await demo.list('/api/rfqs/?active=t&archived=t&rfq_status=Won&start_date=2000-01-01&end_date=2100-01-01')).body as Row[];
    expect(rows).toHaveLength(1);
    const rfq = (await demo.get(`/api/rfqs/${rows[0].id}/`)).body as Row;
    expect(rfq.job_ref).toEqual(expect.any(String));
    const job = (await demo.get(`/api/jobs/${rfq.job_ref}/`)).body as Row;
    const segments = rfq[detailKeyOf(collection('rfq_segments'))] as Row[];
    expect(job).toMatchObject({ rfq_ref: rfq.id, title: rfq.title, estimated_total: rfq.rfq_total, estimated_cost: rfq.rfq_total_cost, margin_estimated: rfq.rfq_margin_calculated });
    expect(job.segments).toHaveLength(segments.length);
    expect(job.items).toHaveLength(segments.reduce((n, s) => n + s.estimates.length, 0));
    expect(job.invoices.map((i: Row) => i.invoice_amount)).toEqual([18500]);
    // 18,500 invoiced less 14,200 paid out leaves 23% of invoiced.
    expect(job.margin_actual).toBe(23);
    expect(job.margin_difference).toBe(23 - Math.round(rfq.rfq_margin_calculated));
    expect((await demo.post(`/api/rfqs/${rfq.id}/make_job/`)).status).toBe(409);
  });

  it('given the demo sales organisations, then ten over every type, status, adoption and lead source, each with its lines, and both users\' activity hours this week and last', async () => {
    const rows = (await demo.list('/api/sales/organizations/?active=t&archived=t&start_date=2000-01-01&end_date=2100-01-01')).body as Row[];
    expect(rows).toHaveLength(10);
    for (const [field, values] of [['org_type', SALES_TYPES], ['status', SALES_STATUSES], ['adoption_status', SALES_ADOPTION], ['lead_source', LEAD_SOURCES]] as const)
      expect(new Set(rows.map((r) => r[field])), field).toEqual(new Set(values));
    expect(rows.filter((r) => r.archived)).toHaveLength(1);
    expect(rows.filter((r) => r.scrubbed_reason)).toHaveLength(2);
    expect(rows.every((r) => r.colour_background || r.colour === 'None')).toBe(true);
    const details = await Promise.all(rows.map(async (r) => (await demo.get(`/api/sales/organizations/${r.id}/`)).body as Row));
    for (const def of collectionsOf('sales_organization')) expect(details.some((d) => d[detailKeyOf(def)].length > 0), def.name).toBe(true);
    const calls = details.flatMap((d) => d[detailKeyOf(collection('sales_phonecalls'))] as Row[]);
    expect(calls.some((c) => c.contact && c.phonecall_line_number === 2)).toBe(true);
    expect(new Set(details.flatMap((d) => d[detailKeyOf(collection('sales_activities'))] as Row[]).map((a) => a.user))).toEqual(new Set(['Dana Demo', 'Frank Field']));
    expect(rows.some((r) => r.primary_contact && r.call_count > 0 && r.activity_hours > 0 && r.last_contacted)).toBe(true);
    const monday = weekStart(app.api.ctx.now().toISOString().slice(0, 10));
    for (const week of [monday, addDays(monday, -7)]) {
      const hours = (await demo.get(`/api/sales/activities/weekly/?week=${week}`)).body;
      expect(hours.week, week).toBe(week);
      expect(hours.users.map((u: Row) => u.user).sort(), week).toEqual(['Dana Demo', 'Frank Field']);
      expect(hours.users.every((u: Row) => u.total > 0 && u.total === u.days.reduce((s: number, h: number) => s + h, 0)), week).toBe(true);
    }
  });

  it('given the demo data exists, when seeding runs again, then nothing is added', async () => {
    expect(await seedDemo(app.api.ctx)).toEqual({ created: false });
  });
});
