/**
 * Report schedules end to end on a fake clock: the API's checks, the worker's minute (two of them
 * racing; one down over three ticks), delivery through the real queue and the mailer (the outbox, or
 * a local SMTP server that refuses once), a file over the attachment bound sent as a signed link that
 * opens without a session for 7 days only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createDb, localBlobStore, REDIS_URL } from '@trenchline/read-model';
import { createEventStore } from '@trenchline/event-store';
import { createQueue } from '@trenchline/platform/queue.ts';
import { outboxMailer, smtpMailer, type Mailer } from '@trenchline/platform/mail.ts';
import { workerContext, type WorkerContext } from '@trenchline/worker/context.ts';
import { jobHandlers } from '@trenchline/worker/jobs.ts';
import { startWorker } from '@trenchline/worker/worker.ts';
import { scheduleTick } from '@trenchline/worker/schedules/tick.ts';
import { apiTest } from '../support/apiTest.ts';
import { mailTo } from '../support/mail.ts';

let at = new Date('2026-11-20T15:00:00Z'); // a Friday
const now = () => at;
const { app, office, rival, db } = apiTest('api_report_schedules', { now });

const coordinator = 'coordinator@example.com';
let officeId = '';
let rivalId = '';
let mailer: Mailer;
const closers: (() => Promise<unknown>)[] = [];
let workers: WorkerContext[] = [];

/** A worker's context on the app's database and files, on the test's clock, sending through whichever mailer the test sets. */
function workerOn(q: ReturnType<typeof createQueue>) {
  const wdb = createDb(app.databaseUrl, { max: 2 });
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 3 });
  pool.on('error', () => undefined);
  const store = createEventStore({ url: app.databaseUrl, pool });
  closers.push(() => store.close(), () => pool.end(), () => wdb.destroy());
  const switching: Mailer = { send: (m) => mailer.send(m), close: async () => undefined };
  return workerContext({ db: wdb, store, pool, blobs: localBlobStore(app.filesDir), now, toUser: () => undefined, publish: () => undefined, writeConnections: 3, mailer: switching, enqueue: (n, d, id) => q.enqueue(n, d, id) });
}

beforeAll(async () => {
  officeId = (await office.get('/api/auth/me')).body.user.id;
  rivalId = (await rival.get('/api/auth/me')).body.user.id;
  for (const subject of ['Printer jammed', 'Map tiles missing']) expect((await office.post('/api/help/', { subject })).status).toBe(201);
  const q = createQueue(REDIS_URL, { prefix: app.queuePrefix });
  workers = [workerOn(q), workerOn(q)];
  mailer = outboxMailer(workers[0].db, () => undefined);
  // One BullMQ worker delivers (the racing minute is two contexts); delivery retries fast in a test.
  const worker = startWorker(REDIS_URL, { handlers: jobHandlers(workers[0]), prefix: app.queuePrefix, concurrency: 1 });
  closers.unshift(() => worker.close(), () => q.close());
}, 60_000);
afterAll(async () => {
  for (const c of closers) await c();
});

const schedule = (over: Record<string, unknown> = {}) => ({
  name: 'Weekly help',
  list: 'help_tickets',
  report: 'management',
  format: 'xlsx',
  filter: {},
  rhythm: { every: 'week', weekday: 1, at: '07:00' },
  recipients: { users: [officeId], emails: [coordinator], webhooks: [] },
  ...over,
});

const scheduleEvents = async () => Number((await db.query(`select count(*) from events where stream_id like 'report_schedule-%'`)).rows[0].count);

async function eventually<T>(what: string, f: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`still waiting after 60 s for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const runsOf = async (id: string) => (await office.get(`/api/report_schedules/${id}/`)).body.runs as Record<string, unknown>[];
const endedRun = (id: string, runId: string) => eventually(`run ${runId} to end`, async () => (await runsOf(id)).find((r) => r.id === runId && (r.state === 'sent' || r.state === 'failed')));
/** The app's list shows the schedule's next run (the worker's minute reads the list). */
const listed = (id: string, next: string) => eventually(`the list to show ${next}`, async () => (await office.list('/api/report_schedules/')).body.find((r: { id: string; next_run_at: string }) => r.id === id && r.next_run_at === next));

describe('report schedules: the API', () => {
  it('given a schedule with an unknown report, a user of another account, a bad time or a filter the list does not take, then a 400 names the field and nothing is written', async () => {
    const before = await scheduleEvents();
    const cases: [Record<string, unknown>, string][] = [
      [{ report: 'ops' }, 'report'],
      [{ recipients: { users: [rivalId], emails: [] } }, 'recipients.users'],
      [{ rhythm: { every: 'week', weekday: 1, at: '7 am' } }, 'rhythm.at'],
      [{ format: 'docx' }, 'format'],
      [{ filter: { priority: 'Whenever' } }, 'filter.priority'],
      [{ recipients: { users: [], emails: [] } }, 'recipients'],
    ];
    for (const [over, field] of cases) {
      const r = await office.post('/api/report_schedules/', schedule(over));
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    expect(await scheduleEvents()).toBe(before);
    expect((await rival.get('/api/report_schedules/')).body).toEqual([]);
  });
});

describe('report schedules: the worker', () => {
  let id = '';
  it('given a weekly schedule, when two workers run the minute together after it is due, then one run is claimed and delivered once', async () => {
    const r = await office.post('/api/report_schedules/', schedule());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    id = r.body.id;
    expect(r.body).toMatchObject({ next_run_at: '2026-11-23T13:00:00.000Z', rhythm_words: 'Mondays at 07:00 (America/Chicago)', time_zone: 'America/Chicago' });
    await listed(id, '2026-11-23T13:00:00.000Z');
    at = new Date('2026-11-23T13:00:30Z');
    const [a, b] = await Promise.all(workers.map((w) => scheduleTick(w)()));
    expect([...a.queued, ...b.queued]).toHaveLength(1);
    const run = await endedRun(id, [...a.queued, ...b.queued][0]);
    expect(run).toMatchObject({ state: 'sent', tick: '2026-11-23T13:00:00.000Z', delivered_as: 'attachment', rows: 2, attempts: 1, error: null });
    const mails = (await mailTo(app.url, coordinator)).filter((m) => m.kind === 'report_schedule');
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('as the list stood on Monday, November 23, 2026 at 7:00 AM (America/Chicago)');
    const outbox = await office.get('/api/mail_outbox/');
    const kept = outbox.body.find((m: { to: string; kind: string }) => m.to === coordinator && m.kind === 'report_schedule');
    expect(kept.attachments[0].file_name).toMatch(/\.xlsx$/);
    const file = await office.download(kept.attachments[0].url);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    // The owner's reports list shows the report the schedule asked for.
    await eventually('the report in the owner\'s reports', async () => (await office.list('/api/reports/')).body.some((x: { id: string }) => x.id === run.report_id));
  }, 90_000);

  it('given the worker down over three Mondays, when it comes back, then it delivers once, for the latest tick, as the list stood then', async () => {
    await listed(id, '2026-11-30T13:00:00.000Z');
    // A help ticket made after the latest missed tick: the late run reads the list as of its tick, without it.
    at = new Date('2026-12-15T12:00:00Z');
    expect((await office.post('/api/help/', { subject: 'Made after the tick' })).status).toBe(201);
    at = new Date('2026-12-16T09:00:00Z');
    const first = await scheduleTick(workers[0])();
    const again = await scheduleTick(workers[1])();
    expect(first.queued).toHaveLength(1);
    expect(again.queued).toHaveLength(0);
    const run = await endedRun(id, first.queued[0]);
    expect(run).toMatchObject({ state: 'sent', tick: '2026-12-14T13:00:00.000Z', rows: 2 });
    expect((await office.get(`/api/reports/${run.report_id}/`)).body.label).toMatch(/ as of 12\/14\/2026/);
    expect((await runsOf(id)).filter((x) => !x.manual)).toHaveLength(2);
    expect((await office.get(`/api/report_schedules/${id}/`)).body.next_run_at).toBe('2026-12-21T13:00:00.000Z');
  }, 90_000);

  it('given a file over the attachment bound, when run now, then the mail carries a link that downloads without a session, for that file only, and stops after 7 days', async () => {
    process.env.REPORT_ATTACH_MAX_BYTES = '100';
    try {
      const r = await office.post(`/api/report_schedules/${id}/run/`);
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      const runId = r.body.runs.find((x: { manual: boolean }) => x.manual).id;
      const run = await endedRun(id, runId);
      expect(run).toMatchObject({ state: 'sent', delivered_as: 'link' });
      const mail = (await mailTo(app.url, coordinator)).at(-1)!;
      const link = new URL(mail.body.match(/http\S+signature=[0-9a-f]+/)![0]);
      const path = link.pathname + link.search;
      const anon = await fetch(app.url + path);
      expect(anon.status).toBe(200);
      expect(Buffer.from(await anon.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
      // Another report with the same signature, or a changed one: refused.
      const other = path.replace(`/reports/${run.report_id}/`, `/reports/${Number(run.report_id) + 1}/`);
      expect((await fetch(app.url + other)).status).toBe(403);
      // Its first character changed (to 1 where it was 0: once in sixteen it was, and the link stayed whole).
      expect((await fetch(app.url + path.replace(/signature=(.)/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`))).status).toBe(403);
      // Nothing else opens without a session.
      expect((await fetch(`${app.url}/api/reports/${run.report_id}/file/`)).status).toBe(401);
      at = new Date(at.getTime() + 8 * 86_400_000);
      const late = await fetch(app.url + path);
      expect(late.status).toBe(410);
      expect(await late.text()).toContain('expired');
    } finally {
      delete process.env.REPORT_ATTACH_MAX_BYTES;
    }
  }, 90_000);

  it('given a webhook among the recipients, when run, then the webhook outbox holds one delivery of the run, its link signed', async () => {
    const made = await office.post('/api/webhooks/', { url: 'http://127.0.0.1:9/hook', topics: ['report_schedule.delivered'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const hook = String(made.body.id);
    // The outbox offers to the webhooks its projection keeps.
    await eventually('the webhook listed', async () => (await office.list('/api/webhooks/')).body.some((h: { id: string }) => String(h.id) === hook));
    const kept = (await office.get(`/api/report_schedules/${id}/`)).body;
    expect((await office.put(`/api/report_schedules/${id}/`, { ...kept, recipients: { ...kept.recipients, webhooks: [hook] } })).status).toBe(200);
    const r = await office.post(`/api/report_schedules/${id}/run/`);
    const runId = r.body.runs.find((x: { manual: boolean; state: string }) => x.manual && x.state === 'building').id;
    expect(await endedRun(id, runId)).toMatchObject({ state: 'sent' });
    const offered = (await db.query('select topic, dedupe_key, payload from webhook_deliveries where webhook_id = $1', [hook])).rows;
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ topic: 'report_schedule.delivered', dedupe_key: `run:${runId}`, payload: { schedule: { id }, run: { id: runId } } });
    const signed = new URL(offered[0].payload.link.url);
    expect((await fetch(app.url + signed.pathname + signed.search)).status).toBe(200);
  }, 90_000);

  it('given an SMTP server that accepts the first recipient and refuses the second with 451 once, when a run is sent, then the retry mails only the second: each got one mail', async () => {
    const officeEmail = (await office.get('/api/auth/me')).body.user.email as string;
    let refused = 0;
    const received: Record<string, string[]> = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => {
          if (to === coordinator && refused++ === 0) return done(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
          (received[to] ??= []).push(Buffer.concat(chunks).toString());
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    try {
      const r = await office.post(`/api/report_schedules/${id}/run/`);
      const runId = r.body.runs.find((x: { manual: boolean; state: string }) => x.manual && x.state === 'building').id;
      const run = await endedRun(id, runId);
      expect(run).toMatchObject({ state: 'sent', attempts: 2, error: null, not_reached: [] });
      expect([...(run.sent_to as string[])].sort()).toEqual([coordinator, officeEmail].sort());
      expect(Object.fromEntries(Object.entries(received).map(([to, mails]) => [to, mails.length]))).toEqual({ [officeEmail]: 1, [coordinator]: 1 });
      expect(received[coordinator][0]).toContain('Content-Disposition: attachment');
      // The refused attempt is on the run's history: whom it could not reach, and why.
      const history = JSON.stringify((await office.get(`/api/report_schedules/${id}/history/`)).body);
      expect(history).toContain('retrying');
      expect(history).toMatch(new RegExp(`not_reached[^\\]]*${coordinator.replace('.', '\\.')}[^\\]]*451`));
    } finally {
      await mailer.close();
      mailer = outboxMailer(workers[0].db, () => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 90_000);

  it("given the account's time zone changed, then every schedule's next run moves to the new zone, at once and without a save", async () => {
    // The earlier schedule is due by now: stopped so the minute below claims nothing.
    expect((await office.del(`/api/report_schedules/${id}/`)).status).toBeLessThan(300);
    const made = await office.post('/api/report_schedules/', schedule({ name: 'Daily help', rhythm: { every: 'day', at: '06:30' } }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const daily = made.body.id as string;
    const chicago = new Date(made.body.next_run_at as string);
    expect(chicago.toISOString().slice(11, 16)).toBe('12:30');
    // The minute finds schedules by the list, so the new one is listed first.
    await listed(daily, made.body.next_run_at);
    expect((await office.put('/api/settings/time_zone/', { time_zone: 'Europe/Berlin' })).status).toBe(200);
    // The change queues the worker's minute, which moves each schedule by its own revision.
    const moved = await eventually('the schedule in Berlin time', async () => {
      const s = (await office.get(`/api/report_schedules/${daily}/`)).body;
      return s.time_zone === 'Europe/Berlin' && s;
    });
    expect(moved.next_run_at.slice(11, 16)).toBe('05:30');
    expect(moved.rhythm_words).toBe('Every day at 06:30 (Europe/Berlin)');
    expect(new Date(moved.next_run_at) > at).toBe(true);
    await listed(daily, moved.next_run_at);
    // Another minute finds nothing left to move.
    expect((await scheduleTick(workers[1])()).rezoned).toEqual([]);
  }, 90_000);

  it("given the user's kept filter of a list, when the drawer asks for it, then it is the list's filter written out, in words; a typed filter reads in the same words", async () => {
    expect((await office.put('/api/help/search_dates/', { start_date: '2026-10-01', end_date: '2026-12-31', archived: true })).status).toBe(200);
    const kept = await office.get('/api/report_schedules/kept_filter/?list=help_tickets');
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ list: 'help_tickets', filter: { start_date: '2026-10-01', end_date: '2026-12-31', active: true, archived: true, live_and_future: false }, words: 'active and archived records, from 2026-10-01 to 2026-12-31' });
    const bad = await office.get('/api/report_schedules/kept_filter/?list=nothing');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('list');
    // Any schedule's filter, typed, in the same words; a param the list does not take is named.
    const typed = await office.get('/api/report_schedules/filter_words/?list=help_tickets&archived=t&start_date=2026-10-01&q=printer');
    expect(typed.body).toEqual({ words: 'active and archived records, from 2026-10-01 on, matching "printer"' });
    const wrong = await office.get('/api/report_schedules/filter_words/?list=help_tickets&start_date=soon');
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty(['filter.start_date']);
  }, 90_000);
});
