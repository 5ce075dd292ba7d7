/**
 * Never twice (docs/offline.md): a create or command sent with an `Idempotency-Key` header runs once
 * per account, user and key. The first request claims the key ('working'), runs, and its answer (the
 * status, the headers that matter and the body, error answers included) is kept before it leaves; the
 * same key and request again gets that answer again with `Idempotent-Replayed: true` and writes
 * nothing; the same key with another request is a 422. A request arriving while the first still works
 * waits for its answer; a 5xx or a crash frees the key, so the client's retry runs.
 * Without the header nothing here happens (the spec's client never sends it).
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Actor, ApiContext } from './context.ts';
import { badRequest, idempotencyKeyBusy, idempotencyKeyReused } from './errors.ts';
import { rememberWrite } from './session-positions.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 1 to 255 printable ASCII characters (a UUID, a ULID, the client's own counter). */
const KEY = /^[\x20-\x7E]{1,255}$/;
/** A working key's lease, renewed by its holder while it runs: a holder that died lets it lapse. */
export const IDEMPOTENCY_LEASE_MS = 30_000;
const RENEW_MS = 10_000;
/** How long a second request waits for the first's answer, polled this often. */
export const IDEMPOTENCY_WAIT_MS = 30_000;
const POLL_MS = 100;
/** An answer larger than this (a big file) is not kept: its key is freed instead. */
export const IDEMPOTENCY_MAX_KEPT_BYTES = 16 * 1024 * 1024;
/** The answer's headers a replay gives again; the rest are the server's of the moment. */
const KEPT_HEADERS = ['location', 'x-position', 'etag', 'content-type', 'content-disposition', 'content-security-policy', 'x-content-type-options'];

/** JSON with every object's keys sorted, so the same body spelt in another order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface FingerprintParts {
  method: string;
  /** The path without the query; a trailing slash is the same path. */
  path: string;
  query?: unknown;
  body?: unknown;
  ifMatch?: string;
  file?: { buffer: Buffer; originalname: string };
}

/** What makes two requests with one key the same request: method, path, query, body (canonical), If-Match and the file's name and sha256. */
export function requestFingerprint(p: FingerprintParts): string {
  const file = p.file ? { name: p.file.originalname, sha256: createHash('sha256').update(p.file.buffer).digest('hex') } : null;
  const request = [p.method.toUpperCase(), p.path.replace(/\/+$/, ''), p.query ?? {}, p.body ?? {}, p.ifMatch ?? null, file];
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

const fingerprintOf = (req: Request) =>
  requestFingerprint({
    method: req.method,
    path: req.baseUrl + req.path,
    query: req.query,
    body: req.body,
    ifMatch: req.get('if-match'),
    file: (req as Request & { file?: FingerprintParts['file'] }).file,
  });

interface KeyRow {
  fingerprint: string;
  state: 'working' | 'done';
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  body_encoding: 'utf8' | 'base64';
  locked_until: Date;
}

type KeyId = [accountId: string, userId: string, key: string];
const WHERE = 'account_id = $1 and user_id = $2 and key = $3';
const later = (ctx: ApiContext, ms: number) => new Date(ctx.now().getTime() + ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function claim(ctx: ApiContext, id: KeyId, fingerprint: string): Promise<boolean> {
  const { rowCount } = await ctx.pool.query(
    `insert into idempotency_keys (account_id, user_id, key, fingerprint, state, created_at, locked_until)
     values ($1, $2, $3, $4, 'working', $5, $6) on conflict do nothing`,
    [...id, fingerprint, ctx.now(), later(ctx, IDEMPOTENCY_LEASE_MS)],
  );
  return rowCount === 1;
}

/** A working key whose holder's lease lapsed (it died): taken over by one of those waiting. */
async function takeOver(ctx: ApiContext, id: KeyId): Promise<boolean> {
  const { rowCount } = await ctx.pool.query(
    `update idempotency_keys set locked_until = $5, created_at = $4 where ${WHERE} and state = 'working' and locked_until < $4`,
    [...id, ctx.now(), later(ctx, IDEMPOTENCY_LEASE_MS)],
  );
  return rowCount === 1;
}

async function read(ctx: ApiContext, id: KeyId): Promise<KeyRow | undefined> {
  return (await ctx.pool.query<KeyRow>(`select fingerprint, state, status, headers, body, body_encoding, locked_until from idempotency_keys where ${WHERE}`, id)).rows[0];
}

const release = (ctx: ApiContext, id: KeyId) => ctx.pool.query(`delete from idempotency_keys where ${WHERE} and state = 'working'`, id);

/** A 5xx says nothing was decided and a 429 asks to wait: neither is the request's answer, so neither is kept. */
const isKept = (status: number) => status < 500 && status !== 429;

/** The same answer again, remembered as the session's last write as the first was (read your writes). */
async function replay(ctx: ApiContext, req: Request, res: Response, row: KeyRow) {
  const headers = row.headers ?? {};
  if (headers['x-position'] && req.sessionID) await rememberWrite(ctx, req.sessionID, headers['x-position']);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Idempotent-Replayed', 'true');
  res.status(row.status ?? 200);
  res.end(row.body === null ? undefined : Buffer.from(row.body, row.body_encoding === 'base64' ? 'base64' : 'utf8'));
}

const toBuffer = (chunk: unknown, encoding: unknown): Buffer | null =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk instanceof Uint8Array ? Buffer.from(chunk) : null;

/** Valid UTF-8 without a NUL is kept as text (Postgres text holds no NUL); anything else as base64. */
function encodeBody(body: Buffer): { body: string; body_encoding: 'utf8' | 'base64' } {
  const text = body.toString('utf8');
  return Buffer.from(text, 'utf8').equals(body) && !text.includes('\0') ? { body: text, body_encoding: 'utf8' } : { body: body.toString('base64'), body_encoding: 'base64' };
}

/**
 * Runs the request as the key's holder: the lease is renewed while it works, and its answer is kept
 * (or the key freed) before the answer's last byte leaves, so a retry sent after it finds the answer.
 */
function runAsHolder(ctx: ApiContext, id: KeyId, res: Response, next: () => void) {
  const renew = setInterval(() => {
    ctx.pool.query(`update idempotency_keys set locked_until = $4 where ${WHERE} and state = 'working'`, [...id, later(ctx, IDEMPOTENCY_LEASE_MS)]).catch(() => undefined);
  }, RENEW_MS);
  renew.unref();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  const collect = (chunk: unknown, encoding: unknown) => {
    const b = toBuffer(chunk, encoding);
    if (b && size <= IDEMPOTENCY_MAX_KEPT_BYTES) chunks.push(b);
    size += b?.length ?? 0;
  };
  const settle = async () => {
    clearInterval(renew);
    const status = res.statusCode;
    if (!isKept(status) || size > IDEMPOTENCY_MAX_KEPT_BYTES) return void (await release(ctx, id));
    const headers = Object.fromEntries(KEPT_HEADERS.flatMap((h) => (res.hasHeader(h) ? [[h, String(res.getHeader(h))]] : [])));
    const { body, body_encoding } = encodeBody(Buffer.concat(chunks));
    await ctx.pool.query(`update idempotency_keys set state = 'done', status = $4, headers = $5, body = $6, body_encoding = $7, locked_until = $8 where ${WHERE}`, [
      ...id, status, headers, body, body_encoding, ctx.now(),
    ]);
  };
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (ended) return end(chunk, ...rest);
    ended = true;
    if (typeof chunk !== 'function') collect(chunk, rest[0]);
    settle()
      .catch((e) => console.error(`[api] keeping the answer of ${IDEMPOTENCY_HEADER} ${id[2]}:`, e))
      .finally(() => end(chunk, ...rest));
    return res;
  }) as Response['end'];
  // Cut off mid-answer (a file's stream failed): no answer to keep, the key is freed. A client gone before the answer began changes nothing: the request runs on and its answer is kept.
  res.on('close', () => {
    if (ended || !res.headersSent) return;
    ended = true;
    clearInterval(renew);
    release(ctx, id).catch(() => undefined);
  });
  next();
}

/**
 * The route registry's step for a route that changes data, after the access check and the upload: with
 * an Idempotency-Key, the request runs once (as holder), or gets its first answer again, or is refused.
 */
export function idempotency(ctx: ApiContext, actorOf: (req: Request) => Promise<Actor>): RequestHandler {
  return async (req, res, next) => {
    try {
      const key = req.headers['idempotency-key'];
      if (key === undefined) return next();
      if (typeof key !== 'string' || !KEY.test(key)) throw badRequest({ [IDEMPOTENCY_HEADER]: 'must be 1 to 255 printable ASCII characters' });
      const actor = await actorOf(req);
      const id: KeyId = [actor.accountId, actor.userId, key];
      const fingerprint = fingerprintOf(req);
      // Counted, not timed: a test's fixed clock cannot make it wait for ever.
      for (let polls = 0; ; polls++) {
        if (await claim(ctx, id, fingerprint)) return runAsHolder(ctx, id, res, next);
        const row = await read(ctx, id);
        if (!row) continue; // freed meanwhile (the first answered 5xx): claim it
        if (row.fingerprint !== fingerprint) throw idempotencyKeyReused();
        if (row.state === 'done') return await replay(ctx, req, res, row);
        if (row.locked_until.getTime() < ctx.now().getTime() && (await takeOver(ctx, id))) return runAsHolder(ctx, id, res, next);
        if (polls * POLL_MS >= IDEMPOTENCY_WAIT_MS) throw idempotencyKeyBusy(1);
        await sleep(POLL_MS);
      }
    } catch (e) {
      next(e);
    }
  };
}
