/**
 * Webhooks through the API (docs/webhooks.md), with the projector and the worker running: an admin
 * adds one for a local receiver, a bid is made and its BidCreated arrives signed with the webhook's
 * secret and is logged delivered; a ping after a rotation is signed with the new secret; bad input is
 * a 400 naming the field with nothing written; only admins may see or change webhooks, and another
 * account's is a 404; the secret never shows in the webhook's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedBy, startReceiver } from '@trenchline/worker/webhooks/testing.ts';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { office: admin, rival, eventCount } = apiTest('api_webhooks', { worker: true });

type Row = Record<string, any>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let hook: Row;
let officeUser: Client;

/** Polls until `f` answers something, up to a minute (the dispatcher runs every few seconds). */
async function eventually<T>(f: () => Promise<T | undefined>): Promise<T> {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const v = await f();
    if (v !== undefined) return v;
  }
  throw new Error('not within 60 s');
}

beforeAll(async () => {
  receiver = await startReceiver();
  officeUser = await admin.addColleague('Olive Office', 'office');
  const r = await admin.post('/api/webhooks/', { url: `${receiver.base}/trenchline`, description: 'Our ERP', topics: ['BidCreated', 'notification.locate_expiring'] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  hook = r.body;
});
afterAll(async () => {
  await receiver?.close();
});

describe('webhooks', () => {
  it('given a new webhook, then it is active with a server-made secret, listed, and its history never shows the secret', async () => {
    expect(hook).toMatchObject({ url: `${receiver.base}/trenchline`, description: 'Our ERP', topics: ['BidCreated', 'notification.locate_expiring'], active: true });
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const list = await admin.list('/api/webhooks/');
    expect(list.body.map((h: Row) => [h.id, h.secret])).toEqual([[hook.id, hook.secret]]);
    const history = await admin.get(`/api/webhooks/${hook.id}/history/`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain(hook.secret);
  });

  it('given the webhook wants BidCreated, when a bid is made, then the receiver gets it signed with the secret and the log says delivered', async () => {
    const bid = await admin.post('/api/bids/', { bid_status: 'A', work_request: 'WR-HOOK' });
    expect(bid.status).toBe(201);

    // The first attempt's answer once recorded, whatever it was: a failed one says why here, not after the
    // 30 s retry. (`attempts` counts the claim, made before the send: the attempt's log row is its answer.)
    const log = await eventually(async () => {
      const r = await admin.get(`/api/webhooks/${hook.id}/deliveries/`);
      return r.body.results.find((d: Row) => d.topic === 'BidCreated' && d.attempt_log?.length >= 1) ? r.body : undefined;
    });
    expect(log.results[0], JSON.stringify(log.results[0])).toMatchObject({ topic: 'BidCreated', state: 'delivered', attempts: 1, last_status: 200, last_response: 'answer to /trenchline' });
    expect(log.results[0].attempt_log).toMatchObject([{ attempt: 1, status: 200 }]);

    const got = receiver.received.find((r) => r.headers['x-trenchline-topic'] === 'BidCreated')!;
    expect(signedBy(hook.secret, got)).toBe(true);
    const body = JSON.parse(got.body);
    expect(body.id).toBe(log.results[0].id);
    expect(body.payload).toMatchObject({ type: 'BidCreated', record_id: String(bid.body.id), stream: `bid-${bid.body.id}`, data: { values: { work_request: 'WR-HOOK' } } });
  }, 90_000);

  it('given a rotated secret, when the webhook is pinged, then the ping is signed with the new secret only', async () => {
    const rotated = await admin.post(`/api/webhooks/${hook.id}/rotate_secret/`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);

    const ping = await admin.post(`/api/webhooks/${hook.id}/ping/`, {}, { 'X-Min-Position': rotated.headers.get('x-position')! });
    expect(ping.status, JSON.stringify(ping.body)).toBe(202);

    const got = await eventually(async () => receiver.received.find((r) => r.headers['x-trenchline-topic'] === 'ping'));
    expect(signedBy(rotated.body.secret, got)).toBe(true);
    expect(signedBy(hook.secret, got)).toBe(false);
    hook = rotated.body;
  });

  it('given bad input, when a webhook is added or edited, then 400 names the field and nothing is written', async () => {
    const before = await eventCount();
    const cases: [Row, string][] = [
      [{ url: 'ftp://files.example/', topics: [] }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ topics: ['BidCreated'] }, 'url'],
      [{ url: 'https://erp.example/in', topics: ['BidCreated', 'NoSuchEvent'] }, 'topics'],
      [{ url: 'https://erp.example/in', topics: 'BidCreated' }, 'topics'],
      [{ url: 'https://erp.example/in', active: 'maybe' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const r = await admin.post('/api/webhooks/', body);
      expect([r.status, Object.keys(r.body.fields ?? {})], JSON.stringify(body)).toEqual([400, [field]]);
    }
    const edit = await admin.put(`/api/webhooks/${hook.id}/`, { url: 'javascript:alert(1)' });
    expect([edit.status, Object.keys(edit.body.fields ?? {})]).toEqual([400, ['url']]);
    expect(await eventCount()).toBe(before);
  });

  it('given private addresses not allowed, when a webhook names this server, a private network or the metadata service, then 400 names url and nothing is written', async () => {
    const before = await eventCount();
    const allowed = process.env.WEBHOOK_PRIVATE_ADDRESSES;
    delete process.env.WEBHOOK_PRIVATE_ADDRESSES;
    try {
      for (const url of ['http://localhost:5432/', 'http://127.0.0.1:6379/x', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://10.0.0.7/in']) {
        const r = await admin.post('/api/webhooks/', { url, topics: ['BidCreated'] });
        expect([r.status, r.body.fields?.url], url).toEqual([400, expect.stringMatching(/^must be a public address/)]);
      }
      expect((await admin.put(`/api/webhooks/${hook.id}/`, { url: 'http://192.168.1.1/' })).status).toBe(400);
    } finally {
      process.env.WEBHOOK_PRIVATE_ADDRESSES = allowed;
    }
    expect(await eventCount()).toBe(before);
  });

  it('given an office user or another account, when they reach for webhooks, then 403 or 404 and nothing changes', async () => {
    for (const [method, path] of [['get', '/api/webhooks/'], ['get', '/api/webhooks/topics/'], ['post', '/api/webhooks/'], ['get', `/api/webhooks/${hook.id}/`], ['post', `/api/webhooks/${hook.id}/rotate_secret/`], ['delete', `/api/webhooks/${hook.id}/`]] as const) {
      const r = method === 'get' ? await officeUser.get(path) : method === 'post' ? await officeUser.post(path, { url: 'https://x.example/' }) : await officeUser.del(path);
      expect([path, r.status]).toEqual([path, 403]);
    }
    expect((await rival.get(`/api/webhooks/${hook.id}/`)).status).toBe(404);
    expect((await rival.get(`/api/webhooks/${hook.id}/deliveries/`)).status).toBe(404);
    expect((await rival.list('/api/webhooks/')).body).toEqual([]);
    expect((await admin.get(`/api/webhooks/${hook.id}/`)).body.secret).toBe(hook.secret);
  });

  it('given the topics, then they are grouped by area with the notifications and report schedules, and no webhook event among them', async () => {
    const { groups } = (await admin.get('/api/webhooks/topics/')).body as { groups: { group: string; topics: string[] }[] };
    const byGroup = Object.fromEntries(groups.map((g) => [g.group, g.topics]));
    expect(byGroup.locates).toContain('LocateReUpped');
    expect(byGroup.notifications).toContain('notification.locate_expiring');
    expect(byGroup['report schedules']).toEqual(['report_schedule.delivered']);
    expect(groups.flatMap((g) => g.topics).filter((t) => t.startsWith('Webhook'))).toEqual([]);
  });
});
