/**
 * The webhook dispatcher on a real database against a local receiver (node:http): deliveries arrive
 * signed as docs/webhooks.md says a receiver checks them; a receiver answering 500 is tried again on
 * the backoff (a fake clock passed to the dispatcher) until it answers 200, every attempt logged; one
 * that never answers well fails after the last attempt; two dispatchers at once send each delivery once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { offerToWebhooks } from '@trenchline/read-model';
import { openTestWorker } from '../testing.ts';
import { dispatchWebhooks, retryDelayMs, WEBHOOK_MAX_ATTEMPTS } from './dispatch.ts';
import { signedBy, startReceiver } from './testing.ts';

const SECRET = 'whsec_dispatch_test_secret_00001';

let w: Awaited<ReturnType<typeof openTestWorker>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let base: string;
let received: Awaited<ReturnType<typeof startReceiver>>['received'];
const verified = (headers: (typeof received)[number]['headers'], body: string, secret: string) => signedBy(secret, { headers, body });

let clock = Math.ceil(Date.now() / 1000) * 1000 + 1000;
const now = () => new Date(clock);
let nextId = 1;

/** A webhook of account 1 as the projector keeps it (the worker reads the row; the projector's test proves how it is made). */
async function webhookAt(path: string): Promise<string> {
  const id = String(nextId++);
  await w.db('webhooks').insert({
    id, account_id: 1, version: 1, position: `1:${id}`, url: `${base}${path}`, topics: ['BidCreated'], active: true, secret: SECRET,
    created_major: 1, created_minor: Number(id), created_at: now(), updated_at: now(),
  });
  return id;
}

beforeAll(async () => {
  w = await openTestWorker('worker_webhooks');
  receiver = await startReceiver();
  ({ base, received } = receiver);
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await w?.close();
});
beforeEach(async () => {
  // Each test's deliveries alone: the ones before are done.
  await w.db('webhook_deliveries').where({ state: 'pending' }).update({ state: 'failed' });
  received.length = 0;
});

const offer = (key: string, webhookId: string) =>
  offerToWebhooks(w.db, { accountId: '1', topic: 'BidCreated', dedupeKey: key, payload: { type: 'BidCreated', record_id: '100', data: { id: '100' } }, webhookIds: [webhookId] });
const deliveryOf = (key: string) => w.db('webhook_deliveries').where({ dedupe_key: key }).first();
const attemptsOf = async (key: string) => w.db('webhook_delivery_attempts').where({ delivery_id: (await deliveryOf(key)).id }).orderBy('attempt').select('attempt', 'status', 'response', 'error', 'at');

describe('webhook dispatcher', () => {
  it('given a delivery of a domain event, when dispatched, then the receiver gets it signed and it is delivered', async () => {
    const hook = await webhookAt('/ok');
    await offer('event:1', hook);

    expect(await dispatchWebhooks(w.ctx, { now })).toMatchObject({ sent: 1, delivered: 1 });

    expect(received).toHaveLength(1);
    const [r] = received;
    expect(verified(r.headers, r.body, SECRET)).toBe(true);
    expect(verified(r.headers, r.body, 'another secret')).toBe(false);
    expect(verified(r.headers, r.body.replace('100', '101'), SECRET)).toBe(false);
    const d = await deliveryOf('event:1');
    expect(r.headers).toMatchObject({ 'x-trenchline-topic': 'BidCreated', 'x-trenchline-delivery': d.id, 'x-trenchline-timestamp': String(clock / 1000), 'content-type': 'application/json' });
    expect(JSON.parse(r.body)).toEqual({ id: d.id, topic: 'BidCreated', created_at: d.created_at.toISOString(), payload: { type: 'BidCreated', record_id: '100', data: { id: '100' } } });
    expect(d).toMatchObject({ state: 'delivered', attempts: 1, last_status: 200, last_response: 'answer to /ok', last_error: null });
    expect(d.delivered_at).toEqual(now());
  });

  it('given a receiver answering 500 twice, when dispatched as the clock reaches each retry, then it is tried on the backoff and delivered on the third attempt, each answer logged', async () => {
    const hook = await webhookAt('/flaky');
    receiver.answer('/flaky', [500, 500, 200]);
    await offer('event:2', hook);

    expect(await dispatchWebhooks(w.ctx, { now })).toMatchObject({ sent: 1, retrying: 1 });
    const first = await deliveryOf('event:2');
    expect(first).toMatchObject({ state: 'pending', attempts: 1, last_status: 500 });
    expect(first.next_attempt_at.getTime()).toBe(clock + retryDelayMs(1));

    // Not yet due: nothing is sent.
    clock += retryDelayMs(1) - 1000;
    expect(await dispatchWebhooks(w.ctx, { now })).toMatchObject({ sent: 0 });
    clock += 1000;
    expect(await dispatchWebhooks(w.ctx, { now })).toMatchObject({ sent: 1, retrying: 1 });
    expect((await deliveryOf('event:2')).next_attempt_at.getTime()).toBe(clock + retryDelayMs(2));
    clock += retryDelayMs(2);
    expect(await dispatchWebhooks(w.ctx, { now })).toMatchObject({ sent: 1, delivered: 1 });

    expect(received.map((r) => r.path)).toEqual(['/flaky', '/flaky', '/flaky']);
    expect(received.every((r) => verified(r.headers, r.body, SECRET))).toBe(true);
    expect((await attemptsOf('event:2')).map((a) => [a.attempt, a.status, a.response])).toEqual([
      [1, 500, 'answer to /flaky'],
      [2, 500, 'answer to /flaky'],
      [3, 200, 'answer to /flaky'],
    ]);
    expect(await deliveryOf('event:2')).toMatchObject({ state: 'delivered', attempts: 3, last_status: 200 });
  });

  it('given a receiver that never answers well, when every attempt is spent, then the delivery fails with its last answer', async () => {
    const hook = await webhookAt('/down');
    receiver.answer('/down', [503]);
    await offer('event:3', hook);

    for (let i = 1; i <= WEBHOOK_MAX_ATTEMPTS; i++) {
      await dispatchWebhooks(w.ctx, { now });
      clock += retryDelayMs(i);
    }
    expect(await dispatchWebhooks(w.ctx, { now })).toMatchObject({ sent: 0 });

    expect(await deliveryOf('event:3')).toMatchObject({ state: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, last_status: 503 });
    expect(await attemptsOf('event:3')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  });

  it('given many deliveries, when two dispatchers run at once, then each is sent once', async () => {
    const hook = await webhookAt('/once');
    for (let i = 0; i < 8; i++) await offer(`event:once-${i}`, hook);

    const [a, b] = await Promise.all([dispatchWebhooks(w.ctx, { now, perAccount: 8 }), dispatchWebhooks(w.ctx, { now, perAccount: 8 })]);

    expect(a.sent + b.sent).toBe(8);
    expect(received).toHaveLength(8);
    expect(new Set(received.map((r) => r.headers['x-trenchline-delivery'])).size).toBe(8);
  });

  it("given one account's backlog, when a pass runs, then another account's delivery is sent in it too", async () => {
    const hook = await webhookAt('/busy');
    for (let i = 0; i < 5; i++) await offer(`event:busy-${i}`, hook);
    await w.db('webhooks').insert({
      id: '999', account_id: 2, version: 1, position: '1:999', url: `${base}/other`, topics: ['BidCreated'], active: true, secret: SECRET,
      created_major: 1, created_minor: 999, created_at: now(), updated_at: now(),
    });
    clock += 1000;
    await offerToWebhooks(w.db, { accountId: '2', topic: 'BidCreated', dedupeKey: 'event:other', payload: {} });

    expect(await dispatchWebhooks(w.ctx, { now: () => new Date(clock + 60_000), perAccount: 2 })).toMatchObject({ sent: 3 });
    expect(received.map((r) => r.path).sort()).toEqual(['/busy', '/busy', '/other']);
  });

  it('given private addresses not allowed, when a webhook names this machine (localhost), then nothing reaches the receiver and the attempt says why', async () => {
    const hook = await webhookAt('/private');
    await w.db('webhooks').where({ id: hook }).update({ url: `${base.replace('127.0.0.1', 'localhost')}/private` });
    await offer('event:private', hook);
    const allowed = process.env.WEBHOOK_PRIVATE_ADDRESSES;
    delete process.env.WEBHOOK_PRIVATE_ADDRESSES;
    try {
      expect(await dispatchWebhooks(w.ctx, { now })).toMatchObject({ sent: 1, delivered: 0 });
    } finally {
      process.env.WEBHOOK_PRIVATE_ADDRESSES = allowed;
    }
    expect(received).toHaveLength(0);
    expect((await attemptsOf('event:private'))[0]).toMatchObject({ status: null, error: expect.stringMatching(/^refused: localhost resolves to \S+ is a loopback address, not a public one$/) });
  });
});
