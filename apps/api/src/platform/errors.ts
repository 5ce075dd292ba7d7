/**
 * The one error path: every failure becomes `{ error, message, fields? }` with its status here.
 * Domain rule failures carry a code; the command handler's version conflicts answer the current record.
 */
import type { ErrorRequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, invalidFromZod } from '@trenchline/domain';
import { ConcurrencyError } from '@trenchline/event-store';
import { ConflictWithCurrent, FieldConflicts, RecordExists } from '@trenchline/platform';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Seconds a client is asked to wait when Postgres or Redis is away (they come back within seconds). */
export const RETRY_AFTER_SECONDS = 2;

export const unavailable = () =>
  new HttpError(503, 'unavailable', 'The service is briefly unavailable (its database or Redis is reconnecting). Nothing was saved by this request; try again in a moment.', {}, {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });

/** Seconds a write refused at the door is asked to wait: the queue ahead of it drains in about that. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

/** A write refused at the door (admission.ts) before any work: the server has as many writes as it holds. */
export const overloaded = (why: string) =>
  new HttpError(503, 'overloaded', `The server is taking all the writes it can (${why}). Nothing was saved by this request; try again in ${OVERLOADED_RETRY_AFTER_SECONDS} second.`, {}, {
    'Retry-After': String(OVERLOADED_RETRY_AFTER_SECONDS),
  });

/** Postgres going away: server shutting down or starting up, connection lost, refused or timed out, too many clients. */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// Not anchored: knex puts the SQL before the driver message.
const LOST_CONNECTION = /(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Connection ended unexpectedly)/;

/** True for a lost or refused connection to Postgres or Redis (nothing wrong with the request itself). */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: string; message?: string; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (PG_UNAVAILABLE.has(e.code) || NET_UNAVAILABLE.has(e.code))) return true;
  if (e.name === 'KnexTimeoutError' || e.name === 'MaxRetriesPerRequestError' || e.name === 'QueueUnavailableError') return true;
  if (LOST_CONNECTION.test(e.message ?? '')) return true;
  // Node's AggregateError of a refused connect to every address of 'localhost'.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isUnavailable);
}

export const notFound = (what = 'Record') => new HttpError(404, 'not_found', `${what} not found`);
export const badRequest = (fields: Record<string, string>, message?: string) =>
  new HttpError(400, 'invalid', message ?? `Invalid value for ${Object.keys(fields).join(', ')}`, { fields });

/** An Idempotency-Key sent before with another request (docs/offline.md "Never twice"). */
export const idempotencyKeyReused = () =>
  new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was sent before with another request; a new request needs a new key.', {
    fields: { 'Idempotency-Key': 'was sent before with another method, address, body or file' },
  });

/** The first request of an Idempotency-Key still at work after the wait: its answer is not known yet. */
export const idempotencyKeyBusy = (retryAfterSeconds: number) =>
  new HttpError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still at work; send it again in a moment for its answer.', {
    fields: { 'Idempotency-Key': 'is in use by a request still at work' },
  }, { 'Retry-After': String(retryAfterSeconds) });

/** Sign-in, sign-up (or another limited try) paused for this key; Retry-After says for how long. */
export const tooManyAttempts = (seconds: number, tooMany = 'Too many sign-in attempts.') =>
  new HttpError(429, 'too_many_attempts', `${tooMany} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {}, { 'Retry-After': String(seconds) });

const domainStatus: Record<DomainError['code'], number> = { not_found: 404, already_exists: 409, invalid: 400, gone: 410, conflict: 409 };

export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError)
    return new HttpError(domainStatus[err.code], err.code, err.message, err.code === 'invalid' || Object.keys(err.fields).length ? { fields: err.fields } : {});
  if (err instanceof z.ZodError) return toHttpError(invalidFromZod(err));
  // The command handler's refusals: a 409 with the record as it stands, so the client can show and merge it.
  if (err instanceof FieldConflicts)
    return new HttpError(409, 'conflict', err.message, {
      fields: Object.fromEntries(err.conflicts.map((c) => [c.field, `changed by ${c.by} at ${c.at}`])),
      conflicts: err.conflicts,
      current: err.current,
    });
  if (err instanceof ConflictWithCurrent) return new HttpError(409, 'conflict', err.message, { current: err.current });
  if (err instanceof RecordExists) return new HttpError(409, 'conflict', err.message);
  if (err instanceof ConcurrencyError) return new HttpError(409, 'conflict', 'Someone else changed this record. Reload and try again.');
  if (isUnavailable(err)) return unavailable();
  const e = err as { type?: string; status?: number; code?: string; field?: string; message?: string };
  if (e?.type === 'entity.too.large' || e?.code === 'LIMIT_FILE_SIZE') return new HttpError(413, 'too_large', 'The request is too large.');
  // The router's own decoding of a path parameter (e.g. a lone surrogate spelt %ED%A0%80).
  if (err instanceof URIError || e?.message?.startsWith?.('Failed to decode param'))
    return new HttpError(400, 'invalid', 'The address holds a broken percent-encoding.', { fields: { path: 'is not valid percent-encoded UTF-8' } });
  if (e?.type === 'entity.parse.failed') return new HttpError(400, 'invalid', 'The request body is not valid JSON.', { fields: { _: 'not valid JSON' } });
  // A multipart body busboy cannot read (a NUL in a part's header, e.g. the file's name; a form cut short): multer hands it on with its storageErrors.
  if (Array.isArray((err as { storageErrors?: unknown })?.storageErrors) && MALFORMED_MULTIPART.test(e?.message ?? ''))
    return new HttpError(400, 'invalid', 'The upload is not a well-formed multipart form (a NUL in its file name, or a form cut short).', { fields: { file: 'is not a well-formed multipart upload' } });
  if (e?.code?.startsWith?.('LIMIT_')) return new HttpError(400, 'invalid', e.message ?? 'Bad upload', { fields: { [e.field ?? 'file']: e.message ?? 'bad upload' } });
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new HttpError(e.status, 'bad_request', e.message ?? 'Bad request');
  return new HttpError(500, 'server_error', 'Something went wrong on the server.');
}

/** busboy's words for a multipart body it cannot read. */
const MALFORMED_MULTIPART = /^(Malformed part header|Unexpected end of (form|file)|Multipart: Boundary not found)$/;

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const h = toHttpError(err);
  // A refusal at the door is counted by the gate, not logged per request: under overload it would flood the log.
  const refusedAtTheDoor = h.error === 'overloaded';
  if (h.status === 503 && !refusedAtTheDoor) console.warn(`[api] ${req.method} ${req.originalUrl}: unavailable: ${(err as Error)?.message}`);
  else if (h.status >= 500 && h.status !== 503) console.error(`[api] ${req.method} ${req.originalUrl}:`, err);
  for (const [k, v] of Object.entries(h.headers)) res.setHeader(k, v);
  res.status(h.status).json({ error: h.error, message: h.message, ...h.extra });
};
