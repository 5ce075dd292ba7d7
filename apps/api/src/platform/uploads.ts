/**
 * Resumable uploads (docs/offline.md "Resumable uploads"): a file sent in chunks over a flaky network,
 * one shared piece for every upload collection. A session (POST /uploads: size, sha256, name, type) of
 * one account and user receives raw chunks at its offset (PATCH with Upload-Offset); a chunk at another
 * offset is a 409 giving where it stands, so a client that lost an answer asks (GET or HEAD) and goes on.
 * Complete, its bytes must hash to the declared sha256. An upload collection's POST then names it
 * (`{ upload: id }`) instead of a multipart file, through the same checks, and consumes it once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { fileNameProblem } from '@trenchline/domain';
import { inTransaction } from '@trenchline/platform';
import { uploadSessionExpiry } from '@trenchline/read-model';
import type { Actor, ApiContext } from './context.ts';
import { badRequest, HttpError, notFound } from './errors.ts';
import { defineRoutes, MAX_UPLOAD_BYTES, reply, type RouteRequest } from './routes.ts';

/** Open sessions an account may hold at once, and their declared bytes in all: an account cannot fill the database with halves. */
export const UPLOAD_SESSIONS_PER_ACCOUNT = Number(process.env.UPLOAD_SESSIONS_PER_ACCOUNT ?? 200);
export const UPLOAD_BYTES_PER_ACCOUNT = Number(process.env.UPLOAD_MB_PER_ACCOUNT ?? 2048) * 1024 * 1024;
/** The largest chunk one PATCH carries (the web sends 256 KB). */
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;
export const OFFSET_HEADER = 'Upload-Offset';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const newSession = z.object({
  size: z.number({ message: 'must be a number of bytes' }).int('must be a whole number of bytes').min(1, 'must be at least 1 byte').max(MAX_UPLOAD_BYTES, `must be at most ${MAX_UPLOAD_BYTES} bytes (the upload limit)`),
  sha256: z.string({ message: 'is required' }).regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters').transform((s) => s.toLowerCase()),
  file_name: z.string({ message: 'is required' }).min(1, 'is required').max(255, 'must be at most 255 characters'),
  content_type: z.string().max(255, 'must be at most 255 characters').optional(),
});

interface SessionRow {
  id: string;
  size: string;
  sha256: string;
  file_name: string;
  content_type: string;
  received: string;
  consumed_at: Date | null;
}

/** What a client learns of a session: where it stands. */
const stateOf = (s: SessionRow) => ({ id: s.id, offset: Number(s.received), size: Number(s.size), complete: Number(s.received) === Number(s.size) });
const answer = (s: SessionRow, status = 200) => reply({ status, body: stateOf(s), headers: { [OFFSET_HEADER]: s.received } });

const MINE = 'id = $1 and account_id = $2 and user_id = $3';
const mine = (id: string, actor: Actor) => [id, actor.accountId, actor.userId];

/** The caller's own open session (locked for the transaction with `lock`); another's, an expired or a consumed one is a 404. */
async function sessionOf(ctx: ApiContext, c: pg.PoolClient | pg.Pool, actor: Actor, id: string, lock = false): Promise<SessionRow> {
  if (!UUID.test(id)) throw notFound('Upload');
  const row = (await c.query<SessionRow>(`select * from upload_sessions where ${MINE} and expires_at > $4 and consumed_at is null${lock ? ' for update' : ''}`, [...mine(id, actor), ctx.now()])).rows[0];
  if (!row) throw notFound('Upload');
  return row;
}

/** The request's raw body, refused past `max` bytes (read before any lock is taken). */
async function rawChunk(req: Request, max: number): Promise<Buffer> {
  const declared = Number(req.get('content-length'));
  if (declared > max) throw badRequest({ chunk: `must be at most ${max} bytes (what is left of the upload, at most ${MAX_CHUNK_BYTES})` });
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    size += (part as Buffer).length;
    if (size > max) throw badRequest({ chunk: `must be at most ${max} bytes (what is left of the upload, at most ${MAX_CHUNK_BYTES})` });
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}

function offsetOf(req: Request): number {
  const h = req.get(OFFSET_HEADER);
  if (!h || !/^\d{1,15}$/.test(h)) throw badRequest({ [OFFSET_HEADER]: 'must be the byte offset the chunk starts at' });
  return Number(h);
}

const wrongOffset = (s: SessionRow) =>
  new HttpError(409, 'upload_offset_mismatch', `The upload stands at byte ${s.received}: send the chunk that starts there.`, { fields: { [OFFSET_HEADER]: `must be ${s.received}` }, offset: Number(s.received) }, { [OFFSET_HEADER]: s.received });

async function create({ actor, body }: RouteRequest<z.infer<typeof newSession>>, ctx: ApiContext) {
  const badName = fileNameProblem(body.file_name);
  if (badName) throw badRequest({ file_name: badName });
  const row = await inTransaction(ctx.pool, async (c) => {
    // One account's creates one at a time, so two at once cannot both pass the bound.
    await c.query(`select pg_advisory_xact_lock(hashtext('upload_sessions'), $1::int)`, [Number(actor.accountId) % 2 ** 31]);
    const open = (await c.query<{ n: number; bytes: string }>(`select count(*)::int as n, coalesce(sum(size), 0)::text as bytes from upload_sessions where account_id = $1 and expires_at > $2`, [actor.accountId, ctx.now()])).rows[0];
    if (open.n >= UPLOAD_SESSIONS_PER_ACCOUNT || Number(open.bytes) + body.size > UPLOAD_BYTES_PER_ACCOUNT) {
      throw new HttpError(429, 'too_many_uploads', `The account has ${open.n} unfinished uploads (${open.bytes} bytes), as many as it may hold: finish or wait for them (they expire) before starting another.`, {
        fields: { size: 'is past what unfinished uploads of the account may hold' },
      }, { 'Retry-After': '60' });
    }
    return (await c.query<SessionRow>(
      `insert into upload_sessions (id, account_id, user_id, size, sha256, file_name, content_type, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
      [randomUUID(), actor.accountId, actor.userId, body.size, body.sha256, body.file_name, body.content_type || 'application/octet-stream', ctx.now(), uploadSessionExpiry(ctx.now())],
    )).rows[0];
  });
  const r = answer(row, 201);
  r.headers!.Location = `/api/uploads/${row.id}`;
  return r;
}

/** The session's bytes in order. */
async function bytesOf(c: pg.PoolClient, id: string): Promise<Buffer> {
  const rows = (await c.query<{ bytes: Buffer }>('select bytes from upload_chunks where upload_id = $1 order by "offset"', [id])).rows;
  return Buffer.concat(rows.map((r) => r.bytes));
}

async function append({ actor, params, raw }: RouteRequest, ctx: ApiContext) {
  const offset = offsetOf(raw);
  const before = await sessionOf(ctx, ctx.pool, actor, params.id);
  const chunk = await rawChunk(raw, Math.min(MAX_CHUNK_BYTES, Math.max(0, Number(before.size) - offset)));
  const { row, corrupt } = await inTransaction(ctx.pool, async (c) => {
    const s = await sessionOf(ctx, c, actor, params.id, true);
    if (Number(s.received) !== offset) throw wrongOffset(s);
    if (chunk.length === 0) return { row: s, corrupt: null };
    await c.query('insert into upload_chunks (upload_id, "offset", bytes) values ($1, $2, $3)', [s.id, offset, chunk]);
    const next = (await c.query<SessionRow>(`update upload_sessions set received = received + $2, expires_at = $3 where id = $1 returning *`, [s.id, chunk.length, uploadSessionExpiry(ctx.now())])).rows[0];
    if (next.received !== next.size) return { row: next, corrupt: null };
    const sha = createHash('sha256').update(await bytesOf(c, s.id)).digest('hex');
    if (sha === next.sha256) return { row: next, corrupt: null };
    // Bytes that are not the file declared are of no use: the session goes, the client starts again.
    await c.query('delete from upload_sessions where id = $1', [s.id]);
    return { row: next, corrupt: sha };
  });
  if (corrupt) throw badRequest({ sha256: `the bytes sent hash to ${corrupt}, not to the sha256 declared; the upload is discarded` });
  return answer(row);
}

export const uploadRoutes = defineRoutes('uploads', [
  {
    method: 'post',
    path: '/uploads',
    summary: 'Start a resumable upload: {size, sha256, file_name, content_type}; answers {id, offset} (docs/offline.md "Resumable uploads")',
    body: newSession,
    handle: create,
  },
  {
    method: 'get',
    path: '/uploads/:id',
    ids: { id: null },
    summary: 'Where a resumable upload stands: {id, offset, size, complete} and the Upload-Offset header (also as HEAD)',
    handle: async ({ actor, params }, ctx) => answer(await sessionOf(ctx, ctx.pool, actor, params.id)),
  },
  {
    method: 'patch',
    path: '/uploads/:id',
    ids: { id: null },
    summary: 'A chunk of a resumable upload: the raw bytes (application/offset+octet-stream) starting at Upload-Offset; another offset is a 409 giving where it stands',
    keyless: 'its Upload-Offset makes a chunk sent twice a 409, never written twice',
    handle: append,
  },
]);

/** A complete session taken by a line's add: its bytes as an upload's file; consumed once the line is added, given back if it is not. */
export interface TakenUpload {
  file: { buffer: Buffer; originalname: string; mimetype: string; size: number };
  consumed(): Promise<void>;
  release(): Promise<void>;
}

export async function takeUpload(ctx: ApiContext, actor: Actor, id: unknown): Promise<TakenUpload> {
  if (typeof id !== 'string' || !UUID.test(id)) throw badRequest({ upload: 'must be the id of an upload session' });
  return inTransaction(ctx.pool, async (c) => {
    const s = (await c.query<SessionRow>(`select * from upload_sessions where ${MINE} and expires_at > $4 for update`, [...mine(id, actor), ctx.now()])).rows[0];
    if (!s) throw badRequest({ upload: 'is no upload session of yours (or it expired)' });
    if (s.consumed_at) throw badRequest({ upload: 'was used already' });
    if (s.received !== s.size) throw badRequest({ upload: `is not complete: ${s.received} of ${s.size} bytes received` });
    await c.query('update upload_sessions set consumed_at = $2 where id = $1', [s.id, ctx.now()]);
    const buffer = await bytesOf(c, s.id);
    return {
      file: { buffer, originalname: s.file_name, mimetype: s.content_type, size: buffer.length },
      consumed: async () => void (await ctx.pool.query('delete from upload_sessions where id = $1', [s.id])),
      release: async () => void (await ctx.pool.query('update upload_sessions set consumed_at = null where id = $1', [s.id])),
    };
  });
}
