/**
 * CSRF on every call that changes something, whatever its method (docs/security.md). The audit
 * walks every GET the running app serves (its OpenAPI document, made from the route registry),
 * on the demo account's data: without the token, a GET flagged as writing is refused and no other
 * GET writes anything; with it, each answers (so the calls reached their handlers). Then a
 * cross-site GET award, as a link on another site makes the browser send it, is 403 with nothing
 * written, and a report asked for by another site's page is refused too.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';
import { demoAccountApp } from './support.ts';

let app: TestApp;
let demo: Client;
let db: pg.Pool;

interface Operation {
  parameters?: { name: string; in: string }[];
}
let gets: { path: string; writes: boolean }[] = [];

const events = async () => Number((await db.query('select count(*) from events')).rows[0].count);
const newEventTypes = async (after: number) => (await db.query('select type from events order by global_position offset $1', [after])).rows.map((r) => r.type);

/** The kind of record (record_index) a route's `{id}` names, from the path before it. */
const ID_KINDS: [RegExp, string][] = [
  [/^\/api\/bids\/\{id\}/, 'bid'],
  [/^\/api\/projects?\/\{id\}/, 'project'],
  [/^\/api\/jobs\/damagereports\/\{id\}/, 'job_damage_reports'],
  [/^\/api\/locates\/\{id\}/, 'locate'],
  [/^\/api\/tickets\/productions\/\{id\}/, 'ticket_productions'],
  [/^\/api\/tickets\/timecards\/\{id\}/, 'ticket_timecards'],
  [/^\/api\/tickets\/materials\/\{id\}/, 'ticket_materials'],
  [/^\/api\/tickets\/expenses\/\{id\}/, 'ticket_expenses'],
  [/^\/api\/tickets\/damagereports\/\{id\}/, 'ticket_damage_reports'],
  [/^\/api\/tickets?\/\{id\}/, 'ticket'],
  [/^\/api\/help\/\{id\}/, 'help_ticket'],
  [/^\/api\/crs\/orders\/\{id\}/, 'order'],
  [/^\/api\/rfqs\/segments\/estimates\/\{id\}/, 'rfq_estimates'],
  [/^\/api\/rfqs\/segments\/\{id\}/, 'rfq_segments'],
  [/^\/api\/rfqs\/notes\/\{id\}/, 'rfq_notes'],
  [/^\/api\/rfqs\/\{id\}/, 'rfq'],
  ...(['locations', 'surveys', 'contacts', 'emails', 'phonecalls', 'meetings'] as const).map((k): [RegExp, string] => [new RegExp(`^/api/sales/organizations/${k}/\\{id\\}`), `sales_${k}`]),
  [/^\/api\/sales\/sales_activities\/\{id\}/, 'sales_activities'],
  [/^\/api\/sales\/organizations\/\{id\}/, 'sales_organization'],
  [/^\/api\/jobs\/timesheets\/\{id\}/, 'job_timesheets'],
  [/^\/api\/jobs\/productions\/\{id\}/, 'job_productions'],
  [/^\/api\/jobs\/work_orders\/\{id\}/, 'job_work_orders'],
  [/^\/api\/jobs\/tasks\/\{id\}/, 'job_tasks'],
  [/^\/api\/jobs\/(job_with_related\/)?\{id\}/, 'job'],
  [/^\/api\/settings\/crews\/\{id\}/, 'crew'],
  [/^\/api\/settings\/customers\/\{id\}/, 'customer'],
  [/^\/api\/settings\/vendors\/\{id\}/, 'vendor'],
  [/^\/api\/settings\/raw_materials\/\{id\}/, 'raw_material'],
  [/^\/api\/settings\/our_products\/\{id\}/, 'product'],
  [/^\/api\/settings\/jobs\/sva_coordinators\/\{id\}/, 'sva_coordinator'],
  [/^\/api\/lpms\/routines\/\{id\}/, 'routine'],
  [/^\/api\/bulk\/\{id\}/, 'bulk_operation'],
  [/^\/api\/lpms\/do_routines\/\{id\}/, 'do_routine'],
  [/^\/api\/reports\/\{id\}/, 'report'],
  [/^\/api\/report_schedules\/runs\/\{id\}/, 'report_schedule_runs'],
  [/^\/api\/report_schedules\/\{id\}/, 'report_schedule'],
  [/^\/api\/webhooks\/\{id\}/, 'webhook'],
  [/^\/api\/files\/\{id\}/, 'job_photos'],
];

let firstOf: (kind: string) => Promise<string>;
let unawarded: { supplier_code: string; work_request: string };

async function keptAttachment(): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const kept = (await demo.get('/api/mail_outbox/')).body as { attachments: { url: string }[] }[];
    const url = kept.flatMap((m) => m.attachments)[0]?.url;
    if (url) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the demo schedule\'s run never reached the mail outbox');
}

/** A URL that reaches the route's handler with the demo account's data. */
async function urlOf(path: string): Promise<string> {
  // A kept mail's attachment: the demo schedule's run, once the worker has sent it to the outbox.
  if (path === '/api/mail_outbox/{id}/attachments/{attachment}') return keptAttachment();
  let url = path.replace(/\/\{name\}$/, '');
  // A resumable upload's session: the demo user's own, made here (it is no record).
  if (path === '/api/uploads/{id}') url = `/api/uploads/${(await demo.post('/api/uploads', { size: 1, sha256: '0'.repeat(64), file_name: 'csrf.jpg' })).body.id}`;
  if (url.includes('{id}')) {
    const kind = path === '/api/settings/catalog/{id}' ? null : ID_KINDS.find(([re]) => re.test(path))?.[1];
    const id = kind ? await firstOf(kind) : (await demo.get('/api/settings/catalog/')).body.items[0].id;
    if (!id) throw new Error(`no id for ${path}`);
    url = url.replace('{id}', id);
  }
  // The ticket look-up takes a ticket's number or id; the others' {key} is a job.
  if (path === '/api/tickets/lookup/{key}') url = url.replace('{key}', await firstOf('ticket'));
  if (path === '/api/rfqs/lookup/{key}') url = url.replace('{key}', await firstOf('rfq'));
  url = url
    .replace('{code}', encodeURIComponent(unawarded.supplier_code))
    .replace('{wr}', encodeURIComponent(unawarded.work_request))
    .replace('{key}', await firstOf('job'))
    .replace('{job}', await firstOf('job'))
    .replace('{task}', await firstOf('job_tasks'))
    .replace('{page}', 'detail')
    .replace('{list}', 'jobs');
  const query =
    path === '/api/bids/award_bid' ? `supplier_code=${encodeURIComponent(unawarded.supplier_code)}&work_request=${encodeURIComponent(unawarded.work_request)}`
    : path.startsWith('/api/jobs/report/') ? `ids=${await firstOf('job')}`
    : path.startsWith('/api/projects/report/') ? `ids=${await firstOf('project')}`
    : path.startsWith('/api/locates/report/') ? `ids=${await firstOf('locate')}`
    : path.startsWith('/api/help/report/') ? `ids=${await firstOf('help_ticket')}`
    : path.startsWith('/api/rfqs/report/') ? `ids=${await firstOf('rfq')}`
    : path === '/api/sales/sales_activities' ? `organization=${await firstOf('sales_organization')}`
    : path === '/api/tickets/ticket_approvals' ? `do=approve&ids=${await firstOf('ticket')}`
    : /^\/api\/lpms\/(sets|tasks)$/.test(path) ? `routine=${await firstOf('routine')}`
    : /^\/api\/lpms\/do_(sets|tasks)$/.test(path) ? `do_routine=${await firstOf('do_routine')}`
    : path === '/api/report_schedules/kept_filter' || path === '/api/report_schedules/filter_words' ? 'list=help_tickets'
    : '';
  return `${url}/${query ? `?${query}` : ''}`;
}

/** The request without X-CSRFToken (cookies sent, as a browser sends them on a top-level link). */
const withoutToken = (url: string, headers: Record<string, string> = {}) =>
  fetch(app.url + url, { headers: { cookie: [...demo.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers }, redirect: 'manual' });

demoAccountApp('security_csrf', { worker: true, reportWaitMs: 5000 }, async (made) => {
  ({ app, db, demo, firstOf } = made);
  // The demo data has no locate yet: one, so the locate GETs (and the locates report) have one to answer.
  expect((await demo.post('/api/locates/', { form_type: 'base_locate', current_ticket_number: 'CSRF-1', current_date_submitted: '2026-11-20' })).status).toBe(201);
  // Nor a help ticket or an order: one each, for their GETs, the help report and the order PDF.
  expect((await demo.post('/api/help/', { subject: 'CSRF help', priority: 'Normal' })).status).toBe(201);
  const order = await demo.post('/api/crs/orders/', { customer_name: 'CSRF customer' });
  expect(order.status).toBe(201);
  expect((await demo.post(`/api/crs/orders/${order.body.id}/items/`, { code: 'C-1', item_name: 'Keg', price: 10 })).status).toBe(201);
  // Nor an RFQ or a sales organisation: one each with a line of every kind, for their GETs and the RFQ report.
  const rfq = await demo.post('/api/rfqs/', { form_type: 'base_rfq', title: 'CSRF RFQ' });
  expect(rfq.status).toBe(201);
  const segment = await demo.post(`/api/rfqs/${rfq.body.id}/segments/`, { number: 'A', feet: 100 });
  expect(segment.status).toBe(201);
  expect((await demo.post(`/api/rfqs/segments/${segment.body.id}/estimates/`, { work_type: 'Labor', qty: 1, price: 10 })).status).toBe(201);
  expect((await demo.post(`/api/rfqs/${rfq.body.id}/notes/`, { note: 'CSRF note' })).status).toBe(201);
  const organization = await demo.post('/api/sales/organizations/new/', { name: 'CSRF organization' });
  expect(organization.status).toBe(201);
  for (const kind of ['locations', 'surveys', 'contacts', 'emails', 'phonecalls', 'meetings']) expect((await demo.post(`/api/sales/organizations/${organization.body.id}/${kind}/`, { notes: 'CSRF' })).status, kind).toBe(201);
  expect((await demo.post('/api/sales/sales_activities/', { organization: organization.body.id, hours: 1 })).status).toBe(201);
  // Nor a field ticket: one on a job with a line of each kind that has files or photos, for their GETs and its approval.
  const ticket = await demo.post('/api/tickets/', { form_type: 'base_ticket', title: 'CSRF ticket', job: await firstOf('job') });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  for (const [kind, line] of [['productions', { work_type: 'Dirt-Bore', feet: 10 }], ['timecards', { employee_name: 'Sam' }], ['materials', { item_code: 'M-1' }], ['expenses', { description: 'Fuel' }], ['damagereports', { description: 'Cut line' }]] as const)
    expect((await demo.post(`/api/tickets/${ticket.body.id}/${kind}/`, line)).status, kind).toBe(201);
  // Nor a webhook (turned off: nothing is sent).
  expect((await demo.post('/api/webhooks/', { url: 'https://erp.example/trenchline', topics: ['BidCreated'], active: false })).status).toBe(201);
  await app.caughtUp();
  const bids = (await demo.list('/api/bids/?archived=f')).body as { supplier_code: string; work_request: string; our_status: string }[];
  unawarded = bids.find((b) => b.our_status !== 'Won')!;
  // A ready report, so its own GETs have something to answer.
  expect((await demo.download(`/api/jobs/report/ops/?ids=${await firstOf('job')}`)).status).toBe(200);
  // A finished zip of every active job's bundles, so the bulk operation's GETs (and its file) answer.
  const zip = await demo.post('/api/bulk/', { list: 'jobs', action: 'zip', filter: { active: true, archived: false, start_date: null, end_date: null } });
  expect(zip.status).toBe(202);
  for (let i = 0; i < 300 && (await demo.get(`/api/bulk/${zip.body.id}/`)).body.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 100));
  const doc = (await demo.get('/api/docs')).body as { paths: Record<string, Record<string, Operation>> };
  gets = Object.entries(doc.paths)
    .filter(([, ops]) => ops.get)
    .map(([path, ops]) => ({ path, writes: Boolean(ops.get.parameters?.some((p) => p.in === 'header' && p.name === 'X-CSRFToken')) }));
});

describe('every GET of the route registry', () => {
  it('given the registry, when listed, then the GETs that write are exactly the award, the ticket approvals and the report requests (the audit export is one)', () => {
    expect(gets.length).toBeGreaterThan(80);
    expect(gets.filter((g) => g.writes).map((g) => g.path).sort()).toEqual([
      '/api/audit/export',
      '/api/bids/award_bid',
      '/api/crs/orders/{id}/pdf',
      '/api/help/report/management',
      '/api/jobs/report/crew',
      '/api/jobs/report/management',
      '/api/jobs/report/ops',
      '/api/jobs/report/orca/billing/invoices',
      '/api/jobs/report/orca/cibe_table',
      '/api/jobs/report/orca/management',
      '/api/jobs/report/orca/ops',
      '/api/jobs/report/segment_production',
      '/api/jobs/work_orders/{id}/pdf',
      '/api/locates/report/locates',
      '/api/projects/report/management',
      '/api/rfqs/report/management',
      '/api/tickets/ticket_approvals',
      '/api/tickets/{id}/pdf',
    ]);
  });

  it('given the demo data, when every GET is called without the CSRF token, then the flagged ones are 403 and none of them writes an event', async () => {
    const wrote: string[] = [];
    for (const g of gets) {
      const url = await urlOf(g.path);
      const before = await events();
      const r = await withoutToken(url);
      await r.arrayBuffer();
      if (g.writes) expect(r.status, url).toBe(403);
      else expect(r.status, url).toBeLessThan(400);
      const after = await events();
      if (after !== before) wrote.push(`${url}: ${(await newEventTypes(before)).join(', ')}`);
    }
    expect(wrote).toEqual([]);
  }, 120_000);

  it('given the demo data, when every GET that writes is called with the CSRF token, then it answers and writes', async () => {
    for (const g of gets.filter((x) => x.writes)) {
      const url = await urlOf(g.path);
      const before = await events();
      const r = await demo.download(url);
      expect(r.status, url).toBeLessThan(400);
      expect(await events(), url).toBeGreaterThan(before);
    }
  }, 120_000);
});

describe('a new account\'s first reads', () => {
  it('given an account that never opened its settings, when its one-of records are first read without the token, then only their Opened events are written', async () => {
    const fresh = await Client.signUp(app.url, 'Fresh');
    const cookie = [...fresh.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const before = await events();
    for (const url of ['/api/settings/account/', '/api/settings/catalog/', '/api/settings/jobs/sva_rate_sheet/', '/api/settings/current_number/job/', '/api/settings/current_number/'])
      expect((await fetch(app.url + url, { headers: { cookie } })).status, url).toBe(200);
    const types = await newEventTypes(before);
    expect(types.length).toBeGreaterThan(0);
    expect(types.filter((t) => !/^(AccountSettings|SvaRateSheet|DocumentCounter)Opened$/.test(t))).toEqual([]);
  });
});

describe('a cross-site GET', () => {
  it('given a bid not yet awarded, when another site links to award_bid and the browser follows it, then 403 and nothing is written', async () => {
    const [bid] = (await demo.list('/api/bids/?archived=f')).body.filter((b: { our_status: string }) => b.our_status !== 'Won');
    const before = await events();
    const r = await withoutToken(`/api/bids/award_bid/?supplier_code=${encodeURIComponent(bid.supplier_code)}&work_request=${encodeURIComponent(bid.work_request)}`, {
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'navigate',
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ error: 'csrf' });
    expect(await events()).toBe(before);
    expect((await demo.get(`/api/bids/${bid.id}/`)).body.our_status).toBe(bid.our_status);
  });

  it('given a bid not yet awarded, when the spec\'s client awards it with GET and the token, then it is awarded', async () => {
    const [bid] = (await demo.list('/api/bids/?archived=f')).body.filter((b: { our_status: string }) => b.our_status !== 'Won');
    const r = await demo.get(`/api/bids/award_bid/?supplier_code=${encodeURIComponent(bid.supplier_code)}&work_request=${encodeURIComponent(bid.work_request)}`);
    expect(r.status).toBe(200);
    expect((await demo.get(`/api/bids/${bid.id}/`)).body.our_status).toBe('Won');
  });

  it('given a report link, when another site\'s page opens it, then 403 and no report is asked for; from the app\'s own page it is', async () => {
    const url = `/api/projects/report/management/?ids=${await firstOf('project')}`;
    const before = await events();
    const cross = await withoutToken(url, { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' });
    expect(cross.status).toBe(403);
    const sameSite = await withoutToken(url, { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' });
    expect(sameSite.status).toBe(403);
    expect(await events()).toBe(before);
    const own = await withoutToken(url, { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' });
    await own.arrayBuffer();
    expect(own.status).toBeLessThan(400);
    expect(await events()).toBeGreaterThan(before);
  });

  it('given the RFQ and sales writes (issue 19) without the token, when sent, then each is 403 and nothing is written', async () => {
    const cookie = [...demo.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const [rfq, organization] = [await firstOf('rfq'), await firstOf('sales_organization')];
    const before = await events();
    for (const [method, url, body] of [
      ['POST', '/api/rfqs/', { form_type: 'base_rfq' }],
      ['PUT', `/api/rfqs/${rfq}/`, { rfq_status: 'Won' }],
      ['POST', `/api/rfqs/${rfq}/make_job/`, {}],
      ['POST', `/api/rfqs/${rfq}/segments/`, { number: 'Z' }],
      ['PUT', '/api/rfqs/search_dates/', { start_date: '2026-01-01' }],
      ['POST', '/api/sales/organizations/new/', { name: 'Forged' }],
      ['PUT', `/api/sales/organizations/${organization}/`, { name: 'Forged' }],
      ['PUT', '/api/sales/sales_activities/', [{ organization, hours: 9 }]],
      ['POST', '/api/saless/organizations/archive/', { ids: [organization] }],
      ['POST', '/api/saless/organizations/delete/', { ids: [organization] }],
    ] as const) {
      const r = await fetch(app.url + url, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(r.status, `${method} ${url}`).toBe(403);
    }
    expect(await events()).toBe(before);
  });

  it('given a POST or an upload without the token, when sent, then 403 before anything is read or written', async () => {
    const before = await events();
    const post = await fetch(`${app.url}/api/bids/`, { method: 'POST', headers: { cookie: [...demo.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(403);
    const form = new FormData();
    form.set('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'x.html');
    const up = await fetch(`${app.url}/api/bids/${await firstOf('bid')}/files/`, { method: 'POST', headers: { cookie: [...demo.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, body: form });
    expect(up.status).toBe(403);
    expect(await events()).toBe(before);
  });
});
