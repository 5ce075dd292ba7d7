/**
 * Notifications end to end (docs/notifications.md): the worker's scan on the app's database with a fake
 * clock, the records made through the API (and two reports by the command handler), and the calls a
 * user makes. Each describe has an account of its own; Thursday 2026-11-26 unless the clock moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { io } from 'socket.io-client';
import type { WorkerContext } from '@trenchline/worker/context.ts';
import { mailDigests, scanAccount } from '@trenchline/worker/notifications/scan.ts';
import { runBulkOperation } from '@trenchline/worker/bulk/run.ts';
import { executeCommand } from '@trenchline/api/platform/records.ts';
import { newRecordId } from '@trenchline/api/platform/ids.ts';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';
import { SpecClient } from '../compat/specClient.ts';
import { mailTo } from '../support/mail.ts';
import { actorOf, type MeUser } from '../support/seed.ts';
import { workerOnApp } from '../support/worker.ts';

const THURSDAY = Date.parse('2026-11-26T15:00:00Z');
let clock = THURSDAY;
const { app, rival } = apiTest('api_notifications', { now: () => new Date(clock) });

/** The live pushes of the worker (the user's unread count). */
const pushed: { userId: string; unread: number }[] = [];
/** A worker process: each call is a fresh one, as after a restart. */
const worker = (): WorkerContext =>
  workerOnApp(app, { now: () => new Date(clock), toUser: (userId, _event, p) => pushed.push({ userId, unread: (p as { unread: number }).unread }) });
let w: WorkerContext;
beforeAll(() => {
  w = worker();
});
afterAll(() => {
  clock = THURSDAY;
});

const me = async (c: Client): Promise<MeUser> => (await c.get('/api/auth/me')).body.user;
async function ok(c: Client, path: string, body: Record<string, unknown>, method: 'post' | 'put' = 'post') {
  const r = await c[method](path, body);
  expect([200, 201, 202], `${method} ${path} ${JSON.stringify(r.body)}`).toContain(r.status);
  return r.body;
}
/** The scan of the account once the projections have the writes. */
async function scan(c: Client, ctx = w) {
  await app.caughtUp();
  return scanAccount(ctx, (await me(c)).account_id, new Date(clock));
}
const rowsOf = async (userId: string) => (await app.api.ctx.db('notifications').where({ user_id: userId }).orderBy('id')) as { id: string; kind: string; key: string; channel: string; title: string; cleared_at: Date | null; emailed_at: Date | null; digested_at: Date | null }[];

describe('a locate expiring on planned work', () => {
  it("given a locate 3 working days from expiry on a job with a crew, when today moves to 2, then the job's assigned user is told once (two scans, a restarted worker), it clears when re-upped and is told again only when due again", async () => {
    clock = THURSDAY;
    const office = await Client.signUp(app.url, 'Watch');
    const crew = await office.addColleague('Carl Crew', 'field');
    const carl = await me(crew);
    await ok(office, '/api/settings/locates/', { ticket_life_basis: 'working' }, 'put');
    await ok(office, '/api/settings/crews/', { crew_name: 'Bore Crew 1' });
    const job = await ok(office, '/api/jobs/new/', { form_type: 'base', title: 'Broad St feeder', account_job_number: 'J-7' });
    await ok(office, `/api/jobs/${job.id}/crews/`, { crew_name: 'Bore Crew 1' });
    await ok(office, `/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: carl.email });
    // Tuesday 12-01 is 3 working days from Thursday (the weekend left out), 2 from Friday.
    const locate = await ok(office, '/api/locates/', { form_type: 'base_locate', current_ticket_number: 'T-1', current_date_expiration: '2026-12-01', job_ref: job.id });

    expect((await scan(office)).told).toBe(0);
    clock = THURSDAY + 86_400_000;
    expect((await scan(office)).told).toBe(1);
    expect(pushed.filter((p) => p.userId === carl.id).at(-1)).toEqual({ userId: carl.id, unread: 1 });
    await scan(office);
    await scan(office, worker());
    expect((await rowsOf(carl.id)).map((r) => r.key)).toEqual([`locate_expiring:${locate.id}:2026-12-01`]);
    expect(await rowsOf((await me(office)).id)).toEqual([]);

    const list = (await crew.get('/api/notifications/')).body;
    expect(list).toMatchObject({ count: 1, next: null, results: [{ kind: 'locate_expiring', title: 'Locate T-1 expiring', link: `/locate/${locate.id}`, read: false, record: { aggregate: 'locate', id: locate.id, number: 'T-1' } }] });
    expect(list.results[0].body).toBe(`The locate on job ${job.account_job_number} expires 12/01/2026, in 4 days, and work is planned there. Re-up it.`);
    expect((await crew.get('/api/notifications/count/')).body).toEqual({ unread: 1 });

    const reupped = await ok(office, `/api/locates/${locate.id}/reup/`, { ticket_number: 'T-2' });
    expect((await scan(office)).cleared).toBe(1);
    expect((await crew.get('/api/notifications/count/')).body).toEqual({ unread: 0 });
    expect(pushed.at(-1)).toEqual({ userId: carl.id, unread: 0 });
    await scan(office);
    expect((await rowsOf(carl.id)).filter((r) => !r.cleared_at)).toEqual([]);

    const expiry = reupped.current_date_expiration as string;
    clock = Date.parse(`${expiry}T15:00:00Z`);
    expect((await scan(office)).told).toBe(1);
    expect((await rowsOf(carl.id)).map((r) => [r.key, r.cleared_at === null])).toEqual([[`locate_expiring:${locate.id}:2026-12-01`, false], [`locate_expiring:${locate.id}:${expiry}`, true]]);
  });
});

describe('each user chooses a channel per kind', () => {
  it('given a permit expiring on a job with no assigned user, when scanned, then the office users are told as each chose (off none, e-mail mailed at once, digest only in the daily digest) and each told one is offered once to the webhook wanting its kind', async () => {
    clock = THURSDAY;
    const office = await Client.signUp(app.url, 'Channels');
    const [off, mailed, digest] = [await office.addColleague('Olive Off', 'office'), await office.addColleague('Emil Mail', 'office'), await office.addColleague('Dana Digest', 'office')];
    await ok(off, '/api/notification_preferences/', { permit_expiring: 'off' }, 'put');
    await ok(mailed, '/api/notification_preferences/', { permit_expiring: 'email' }, 'put');
    await ok(digest, '/api/notification_preferences/', { permit_expiring: 'digest' }, 'put');
    const job = await ok(office, '/api/jobs/new/', { form_type: 'base', title: 'Permit job', account_job_number: 'P-1' });
    await ok(office, `/api/jobs/${job.id}/`, { permit_expiration_date: '2026-12-02' }, 'put');

    const [o, m, d, a] = await Promise.all([off, mailed, digest, office].map(me));
    // A webhook of the account wanting this kind (never delivered here: the dispatcher is not run).
    const hook = await ok(office, '/api/webhooks/', { url: 'http://127.0.0.1:9/hook', topics: ['notification.permit_expiring'] });
    expect((await scan(office)).told).toBe(3);
    expect(await rowsOf(o.id)).toEqual([]);
    expect((await rowsOf(a.id)).map((r) => r.channel)).toEqual(['app']);
    expect((await mailTo(app.url, m.email)).filter((x) => x.kind === 'notification').map((x) => x.subject)).toEqual([`Trenchline: Permit on job ${job.account_job_number} expiring`]);
    expect((await rowsOf(m.id))[0].emailed_at).not.toBeNull();
    expect((await mailTo(app.url, d.email)).filter((x) => x.kind.startsWith('notification'))).toEqual([]);
    expect((await mailTo(app.url, a.email)).filter((x) => x.kind.startsWith('notification'))).toEqual([]);

    await scan(office);
    const offered = await app.api.ctx.db('webhook_deliveries').where({ webhook_id: hook.id }).orderBy('id');
    expect(offered.map((x) => [x.topic, x.payload.kind, x.payload.title])).toEqual([0, 1, 2].map(() => ['notification.permit_expiring', 'permit_expiring', `Permit on job ${job.account_job_number} expiring`]));
    expect(new Set(offered.map((x) => x.dedupe_key)).size).toBe(3);
    await mailDigests(w)();
    const digests = (await mailTo(app.url, d.email)).filter((x) => x.kind === 'notification_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0].body).toContain('The permit expires 12/02/2026, in 6 days.');
    await mailDigests(w)();
    expect((await mailTo(app.url, d.email)).filter((x) => x.kind === 'notification_digest')).toHaveLength(1);
    expect((await mailTo(app.url, m.email)).filter((x) => x.kind.startsWith('notification'))).toHaveLength(1);
  });
});

describe("the account's day", () => {
  it('given an account in Chicago and a ticket made 11-28 (N 3), when it is 21:00 on 12-01 in Chicago (03:00 UTC on 12-02), then it is not yet waiting too long; at 00:30 Chicago it is', async () => {
    clock = Date.parse('2026-11-28T15:00:00Z');
    const office = await Client.signUp(app.url, 'Chicago');
    await ok(office, '/api/tickets/', { form_type: 'base_ticket' });
    clock = Date.parse('2026-12-02T03:00:00Z');
    expect((await scan(office)).told).toBe(0);
    clock = Date.parse('2026-12-02T06:30:00Z');
    expect((await scan(office)).told).toBe(1);
  });

  it("given an account in Tokyo with a user's digest waiting, when the hourly digest runs (two workers at once, a restarted one), then it is mailed once, at 07:00 Tokyo (22:00 UTC the day before), and again only on the next local day", async () => {
    clock = Date.parse('2026-12-01T20:00:00Z'); // 05:00 on 12-02 in Tokyo
    const office = await Client.signUp(app.url, 'Tokyo');
    await ok(office, '/api/settings/time_zone/', { time_zone: 'Asia/Tokyo' }, 'put');
    await ok(office, '/api/notification_preferences/', { permit_expiring: 'digest' }, 'put');
    const { email } = await me(office);
    const permit = async (n: string, date: string) => {
      const job = await ok(office, '/api/jobs/new/', { form_type: 'base', title: `Permit ${n}`, account_job_number: n });
      await ok(office, `/api/jobs/${job.id}/`, { permit_expiration_date: date }, 'put');
      return job.account_job_number as string;
    };
    const digests = async () => (await mailTo(app.url, email)).filter((x) => x.kind === 'notification_digest');
    const first = await permit('TK-1', '2026-12-05');
    expect((await scan(office)).told).toBe(1);

    clock = Date.parse('2026-12-01T21:00:00Z'); // 06:00 in Tokyo
    await mailDigests(w)();
    expect(await digests()).toEqual([]);
    clock = Date.parse('2026-12-01T22:00:00Z'); // 07:00
    await Promise.all([mailDigests(w)(), mailDigests(worker())()]);
    expect((await digests()).map((d) => d.subject)).toEqual(['Trenchline: your daily digest (1 notification)']);

    const second = await permit('TK-2', '2026-12-06');
    expect((await scan(office)).told).toBe(1);
    clock = Date.parse('2026-12-01T23:00:00Z'); // 08:00, the day's digest already sent
    await mailDigests(worker())();
    expect(await digests()).toHaveLength(1);
    clock = Date.parse('2026-12-02T22:00:00Z'); // 07:00 on 12-03
    await mailDigests(worker())();
    const sent = await digests();
    expect(sent).toHaveLength(2);
    expect(sent[0].body).toContain(`Permit on job ${first} expiring`);
    expect(sent[1].body).toContain(`Permit on job ${second} expiring`);
    expect(sent[1].body).not.toContain(`Permit on job ${first} expiring`);
  });
});

describe('the other kinds', () => {
  it('given a ticket 4 days unapproved, a disapproved ORCA invoice, an answered help ticket, a failed report and a finished bulk action, then each is told once to whom it concerns', async () => {
    clock = THURSDAY - 4 * 86_400_000;
    const office = await Client.signUp(app.url, 'Kinds');
    const asker = await office.addColleague('Ada Asker', 'office');
    const [a, ada] = [await me(office), await me(asker)];
    const ticket = await ok(office, '/api/tickets/', { form_type: 'base_ticket' });
    clock = THURSDAY;
    const orca = await ok(office, '/api/jobs/new/', { form_type: 'attorca', title: 'ORCA ring', account_job_number: 'O-1' });
    await ok(office, `/api/jobs/${orca.id}/invoices/`, { invoice_number: 'GT-9', invoice_amount: '10.00', status: 'Disapproved' });
    const help = await ok(asker, '/api/help/', { subject: 'Login hangs' });
    await ok(office, `/api/help/${help.id}/`, { our_status: 'Awaiting Submitter Response' }, 'put');
    const reportId = await newRecordId(app.api.ctx, a.account_id, 'report');
    await executeCommand(app.api.ctx, actorOf(ada), 'report', reportId, { type: 'RequestReport', reportId, report: 'jobs', label: 'Job list', format: 'xlsx', params: {}, file_name: 'jobs.xlsx' }, { create: true });
    await executeCommand(app.api.ctx, actorOf(ada), 'report', reportId, { type: 'RecordReportFailed', error: 'the disk was full', attempt: 3 });
    const spare = await ok(asker, '/api/help/', { subject: 'Old question' });
    const bulk = await ok(asker, '/api/bulk/', { list: 'help_tickets', action: 'archive', ids: [spare.id] });
    await app.caughtUp();
    // Called directly, as its job would be: without a token it runs to its end.
    await runBulkOperation(w)({ operationId: bulk.id, accountId: a.account_id }, {} as Job);

    await scan(office);
    await scan(office, worker());
    const told = async (userId: string) => (await rowsOf(userId)).map((r) => `${r.kind}: ${r.title}`).sort();
    const jobs = [`invoice_disapproved: Invoice GT-9 disapproved`, `ticket_awaiting_approval: Ticket ${ticket.account_ticket_number} waiting for approval`];
    expect(await told(a.id)).toEqual(jobs);
    expect(await told(ada.id)).toEqual(['bulk_finished: Bulk action finished: Archive of help tickets', 'help_answered: Your help ticket was answered', 'report_finished: Report failed: Job list', ...jobs].sort());
  });

  it('given an answered help ticket, then its submitter is told once; when they answer back it clears', async () => {
    clock = THURSDAY;
    const office = await Client.signUp(app.url, 'Helpdesk');
    const asker = await office.addColleague('Hal Help', 'office');
    const hal = await me(asker);
    const help = await ok(asker, '/api/help/', { subject: 'Export slow' });
    await ok(office, `/api/help/${help.id}/`, { our_status: 'Awaiting Submitter Response' }, 'put');
    await scan(office);
    await scan(office);
    expect((await rowsOf(hal.id)).map((r) => [r.kind, r.title, r.cleared_at])).toEqual([['help_answered', 'Your help ticket was answered', null]]);
    await ok(office, `/api/help/${help.id}/`, { our_status: 'Read' }, 'put');
    expect((await scan(office)).cleared).toBe(1);
  });
});

describe('the calls', () => {
  it("given a user's notifications, when another user (or account) marks one read, then 404; the user marks one, then all, and their other open tab is told each new count; the list pages newest first and ?unread=t filters", async () => {
    clock = THURSDAY;
    const office = await Client.signUp(app.url, 'Calls');
    const colleague = await office.addColleague('Col League', 'office');
    for (const d of ['2026-11-28', '2026-11-29', '2026-11-30']) {
      const job = await ok(office, '/api/jobs/new/', { form_type: 'base', title: `Permit ${d}` });
      await ok(office, `/api/jobs/${job.id}/`, { permit_expiration_date: d }, 'put');
    }
    await scan(office);
    const mine = (await office.get('/api/notifications/?page=1&page_size=2')).body;
    expect(mine).toMatchObject({ count: 3, next: expect.stringContaining('page=2'), previous: null });
    const [newest] = mine.results;
    expect(Number(newest.id)).toBeGreaterThan(Number(mine.results[1].id));

    expect((await rival.post(`/api/notifications/${newest.id}/read/`)).status).toBe(404);
    expect((await office.get('/api/notifications/count/')).body).toEqual({ unread: 3 });
    const colleagues = (await colleague.get('/api/notifications/')).body.results as { id: string }[];
    expect((await office.post(`/api/notifications/${colleagues[0].id}/read/`)).status).toBe(404);
    expect((await office.post('/api/notifications/nonsense/read/')).status).toBe(404);

    // Another tab of the same user: its bell follows the marks made in this one.
    const tab = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: [...office.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const told: unknown[] = [];
    tab.on('notifications', (p: unknown) => told.push(p));
    await new Promise<void>((resolve) => tab.on('connect', () => resolve()));
    try {
      expect((await office.post(`/api/notifications/${newest.id}/read/`)).body).toMatchObject({ id: newest.id, read: true, unread: 2 });
      await expect.poll(() => told, { timeout: 60_000 }).toEqual([{ unread: 2 }]);
      expect((await office.get('/api/notifications/?unread=t')).body.count).toBe(2);
      expect((await office.post('/api/notifications/read_all/')).body).toEqual({ marked: 2, unread: 0 });
      await expect.poll(() => told, { timeout: 60_000 }).toEqual([{ unread: 2 }, { unread: 0 }]);
    } finally {
      tab.close();
    }
    expect((await office.get('/api/notifications/count/')).body).toEqual({ unread: 0 });
    expect((await colleague.get('/api/notifications/count/')).body).toEqual({ unread: 3 });
  }, 150_000);

  it('given preferences, when a bad kind or channel is put, then a 400 names it and nothing changes; the spec client sending the whole object back (and the account N), numbers as text, is taken', async () => {
    const c = await Client.signUp(app.url, 'Prefs');
    const got = (await c.get('/api/notification_preferences/')).body;
    expect(got).toEqual({ locate_expiring: 'app', permit_expiring: 'app', ticket_awaiting_approval: 'app', invoice_disapproved: 'app', help_answered: 'app', report_finished: 'app', bulk_finished: 'app' });
    const bad = await c.put('/api/notification_preferences/', { weather: 'app', locate_expiring: 'sms' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['locate_expiring', 'weather']);
    // The spec's client: it keeps what GET answered and PUTs the whole object back, numbers as text.
    const spec = new SpecClient(c);
    const kept = await spec.load('/api/notification_preferences/');
    expect((await spec.save('/api/notification_preferences/', kept, { report_finished: 'email' })).status).toBe(200);
    expect(await spec.load('/api/notification_preferences/')).toEqual({ ...got, report_finished: 'email' });
    const rules = await spec.load('/api/settings/notifications/');
    const saved = await spec.save('/api/settings/notifications/', rules, { ticket_approval_days: 5 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ locate_working_days: 2, permit_days: 7, ticket_approval_days: 5 });
  });

  it("given Settings > Notifications, then an admin reads and edits the account's N with history; an office user reads it only; a bad N is a 400 naming it", async () => {
    const admin = await Client.signUp(app.url, 'Rules');
    const clerk = await admin.addColleague('Otto Office', 'office');
    expect((await admin.get('/api/settings/notifications/')).body).toMatchObject({ locate_working_days: 2, permit_days: 7, ticket_approval_days: 3 });
    expect((await admin.put('/api/settings/notifications/', { permit_days: '14' })).body).toMatchObject({ permit_days: 14 });
    const bad = await admin.put('/api/settings/notifications/', { locate_working_days: 99 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['locate_working_days']);
    expect((await clerk.get('/api/settings/notifications/')).body).toMatchObject({ permit_days: 14 });
    expect((await clerk.put('/api/settings/notifications/', { permit_days: 1 })).status).toBe(403);
    const history = (await admin.get('/api/settings/notifications/history/')).body;
    expect(JSON.stringify(history)).toContain('permit_days');
  });
});
