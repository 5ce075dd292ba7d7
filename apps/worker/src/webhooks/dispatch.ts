/**
 * The webhook dispatcher (docs/webhooks.md), a scheduled job every few seconds: it claims due pending
 * deliveries of the outbox (FOR UPDATE SKIP LOCKED, a few per account so one account's backlog never
 * starves another's), POSTs each signed to its webhook with a timeout, and records the answer: 2xx is
 * delivered, anything else is tried again later (30 s × 2^n) until the eighth attempt fails it. Every
 * attempt's answer is kept in webhook_delivery_attempts.
 *
 * A claim is a lease, committed at once: the delivery's next attempt moves past the time a send can
 * take, so no transaction stays open across HTTP (an open one would hold the event store's readers
 * back) and a second dispatcher finds nothing to take. A worker that dies mid-send leaves the lease to
 * run out, and the delivery is sent again: at least once, with the same X-Trenchline-Delivery id.
 */
import { createHmac } from 'node:crypto';
import { Agent, fetch, type Response } from 'undici';
import { publicOnlyLookup } from '@trenchline/platform';
import type { WorkerContext } from '../context.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Longer than a send can take (the timeout, reading 2 KB of the answer), so a lease never runs out mid-send. */
export const WEBHOOK_LEASE_MS = 60_000;
export const WEBHOOK_MAX_ATTEMPTS = 8;
export const WEBHOOK_FIRST_RETRY_MS = 30_000;
/** What one pass takes: deliveries per account, accounts per pass. */
export const WEBHOOK_PER_ACCOUNT = 10;
export const WEBHOOK_ACCOUNTS_PER_PASS = 50;
/** How much of an answer's body is kept. */
export const WEBHOOK_RESPONSE_KEPT = 2048;

/** Every send connects through it: a receiver's name must resolve to public addresses only (platform/outbound.ts), checked at the address connected to. */
const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup } });

/** The wait before the attempt after the `attempts`-th failed one: 30 s, 60 s, 2 min ... */
export const retryDelayMs = (attempts: number) => WEBHOOK_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: what a receiver recomputes with its secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Claimed {
  id: string;
  account_id: string;
  webhook_id: string;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date;
  url: string | null;
  secret: string | null;
  active: boolean | null;
  deleted: boolean | null;
}

interface Answer {
  status: number | null;
  response: string | null;
  error: string | null;
}

export interface DispatchOptions {
  /** The clock (the worker's by default; tests pass a fake one). */
  now?: () => Date;
  perAccount?: number;
  accounts?: number;
  timeoutMs?: number;
}

/** Leases up to `perAccount` due deliveries of each of the `accounts` accounts waiting longest, with their webhook. */
async function claim(ctx: WorkerContext, now: Date, perAccount: number, accounts: number): Promise<Claimed[]> {
  const { rows } = await ctx.db.raw(
    `with due as (
       select account_id from webhook_deliveries
        where state = 'pending' and next_attempt_at <= :now
        group by account_id order by min(next_attempt_at), account_id limit :accounts
     ), picked as (
       select d.id from due cross join lateral (
         select id from webhook_deliveries w
          where w.account_id = due.account_id and w.state = 'pending' and w.next_attempt_at <= :now
          order by w.next_attempt_at, w.id limit :perAccount
          for update skip locked) d
     ), leased as (
       update webhook_deliveries w set attempts = w.attempts + 1, next_attempt_at = :leaseEnd
         from picked where w.id = picked.id
       returning w.id, w.account_id, w.webhook_id, w.topic, w.payload, w.attempts, w.created_at
     )
     select leased.*, h.url, h.secret, h.active, h.deleted from leased left join webhooks h on h.id = leased.webhook_id order by leased.id`,
    { now, accounts, perAccount, leaseEnd: new Date(now.getTime() + WEBHOOK_LEASE_MS) },
  );
  return rows as Claimed[];
}

/** The first bytes of an answer's body, read no further (a huge or endless answer costs nothing more). */
async function firstBytes(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < WEBHOOK_RESPONSE_KEPT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEPT).toString('utf8').replaceAll('\u0000', '');
}

/** The body a receiver gets: the delivery's id and topic around what was offered. */
export const deliveryBody = (d: Pick<Claimed, 'id' | 'topic' | 'payload' | 'created_at'>) =>
  JSON.stringify({ id: d.id, topic: d.topic, created_at: new Date(d.created_at).toISOString(), payload: d.payload });

async function send(d: Claimed, now: Date, timeoutMs: number): Promise<Answer> {
  if (!d.url || !d.secret || d.deleted) return { status: null, response: null, error: 'the webhook was deleted' };
  if (!d.active) return { status: null, response: null, error: 'the webhook is turned off' };
  const body = deliveryBody(d);
  const t = Math.floor(now.getTime() / 1000);
  try {
    const res = await fetch(d.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      dispatcher: publicOnly,
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Trenchline-Webhooks/1',
        'X-Trenchline-Timestamp': String(t),
        'X-Trenchline-Signature': webhookSignature(d.secret, t, body),
        'X-Trenchline-Delivery': d.id,
        'X-Trenchline-Topic': d.topic,
      },
    });
    return { status: res.status, response: await firstBytes(res).catch(() => null), error: null };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const why = err.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (err.cause?.code ?? err.cause?.message ?? err.message);
    return { status: null, response: null, error: String(why).slice(0, 500) };
  }
}

/** The attempt's answer kept, and the delivery moved on: delivered, tried again later, or failed. */
async function record(ctx: WorkerContext, d: Claimed, answer: Answer, at: Date, durationMs: number) {
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  // A deleted or turned-off webhook is not tried again.
  const hopeless = !ok && (!d.url || !d.secret || Boolean(d.deleted) || d.active === false);
  const state = ok ? 'delivered' : hopeless || d.attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending';
  await ctx.db.transaction(async (trx) => {
    await trx('webhook_delivery_attempts')
      .insert({ delivery_id: d.id, attempt: d.attempts, at, status: answer.status, response: answer.response, error: answer.error, duration_ms: Math.round(durationMs) })
      .onConflict(['delivery_id', 'attempt'])
      .ignore();
    // Only this claim's attempt: a lease that ran out and was taken again is the later claim's to record.
    await trx('webhook_deliveries')
      .where({ id: d.id, attempts: d.attempts })
      .update({
        state,
        last_status: answer.status,
        last_response: answer.response,
        last_error: answer.error,
        delivered_at: ok ? at : null,
        next_attempt_at: state === 'pending' ? new Date(at.getTime() + retryDelayMs(d.attempts)) : at,
      });
  });
  return state;
}

/** One pass: every claimed delivery sent at once (each bounded by the timeout), then recorded. */
export async function dispatchWebhooks(ctx: WorkerContext, o: DispatchOptions = {}) {
  const now = o.now ?? ctx.now;
  const claimed = await claim(ctx, now(), o.perAccount ?? WEBHOOK_PER_ACCOUNT, o.accounts ?? WEBHOOK_ACCOUNTS_PER_PASS);
  const states = await Promise.all(
    claimed.map(async (d) => {
      const started = performance.now();
      const answer = await send(d, now(), o.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
      return record(ctx, d, answer, now(), performance.now() - started);
    }),
  );
  const count = (s: string) => states.filter((x) => x === s).length;
  return { sent: claimed.length, delivered: count('delivered'), retrying: count('pending'), failed: count('failed') };
}

/** The scheduled job. */
export const dispatchWebhooksJob = (ctx: WorkerContext) => () => dispatchWebhooks(ctx);
