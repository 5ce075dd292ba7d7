/**
 * The route registry: each area declares its routes (method, path, zod schemas, handler) once; from
 * the declarations come the express routes (parse, then handler, then reply) and the OpenAPI document.
 * Handlers are thin: parse, command or query, respond.
 */
import express, { type Request, type Response, type NextFunction } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { fileNameProblem, invalidFromZod, unstorableText, UNSTORABLE_TEXT } from '@trenchline/domain';
import type { Actor, ApiContext } from './context.ts';
import { badRequest, HttpError } from './errors.ts';
import { waitForLists } from '@trenchline/platform';
import { lendTurnWhile } from './account-lanes.ts';
import { checkReferences } from './references.ts';
import { hasOwnedIds, refuseOthersIds, withOwnedIds, type OwnedKinds } from './owned-ids.ts';
import { ownLastWrite, rememberWrite } from './session-positions.ts';
import { checkCsrf } from './session.ts';
import { sendFile, type FileAnswer } from './safe-files.ts';
import { otherWriter } from './writer.ts';
import { idempotency } from './idempotency.ts';
import { accessCheck, moneyNamesOf, withoutMoney, type AccessPolicy } from './access.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteRequest<B = any, Q = any> {
  actor: Actor;
  params: Record<string, string>;
  body: B;
  query: Q;
  file?: { buffer: Buffer; originalname: string; mimetype: string; size: number };
  /**
   * The version the client last saw (If-Match header, or `version` in the body as a number or a
   * numeric string), when sent: an edit merges by field with what others saved since.
   */
  baseVersion?: number;
  raw: Request;
  /** For the few routes that set cookies (sign-in). */
  res: Response;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Stream a stored file instead of JSON (safe-files.ts decides how it is shown). */
  file?: FileAnswer;
  /** The answer already as JSON (a kept detail's UTF-8 bytes, detail-cache.ts), sent as it is; a field user's is parsed and sent without money. */
  json?: Buffer;
  /** A JSON array sent a batch at a time (an unpaged list): the api holds one batch, whatever the list's size. */
  rows?: AsyncIterable<unknown[]>;
}

/**
 * Writes `batches` as one JSON array, waiting for the client to take each batch (backpressure). A
 * failure after the first byte cannot become an error answer: the connection is cut, so the client
 * sees a broken answer, never a short list that looks whole.
 */
async function sendRows(res: Response, batches: AsyncIterable<unknown[]>, shape: (row: unknown) => unknown) {
  const write = (text: string) =>
    res.write(text) || res.destroyed ? Promise.resolve() : new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done).off('close', done);
        resolve();
      };
      res.on('drain', done).on('close', done);
    });
  res.type('application/json');
  let first = true;
  try {
    await write('[');
    for await (const batch of batches) {
      if (res.destroyed) return;
      if (!batch.length) continue;
      await write((first ? '' : ',') + batch.map((row) => JSON.stringify(shape(row))).join(','));
      first = false;
    }
    res.end(']');
  } catch (e) {
    res.destroy(e as Error);
  }
}

export interface RouteDef {
  method: Method;
  /** Express path under /api, e.g. '/bids/:id'. A trailing slash on requests is optional. */
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Multipart upload with one `file` field. */
  upload?: boolean;
  /** Why this write needs no Idempotency-Key step (a resumable upload's chunk: its offset already makes a resend harmless); the header is then ignored. */
  keyless?: string;
  /** Read models the answer comes from: the request honours X-Min-Position for them. */
  readsLists?: string[];
  /** Only for auth routes that run before a session exists. */
  public?: boolean;
  /**
   * What each path parameter names, checked before the upload or body is read: a record or line of the
   * caller's account of one of these kinds (aggregate or collection names; see `owned`), else 404 and
   * nothing else happens. `null`: a parameter that is no id of the record index (a number, a page, a
   * user). Every path parameter is declared (tests/security/other-account.test.ts walks them all).
   */
  ids?: Record<string, OwnedKinds | null>;
  /** Body (or query) fields naming the parent record of a line added or listed (routines' `routine`): checked the same way, before the body is parsed. */
  bodyIds?: Record<string, OwnedKinds>;
  /**
   * The schema whose reference fields (`ref(...)`) the body may set, checked against the caller's
   * account before the handler runs (platform/references.ts). Default: `body`, when it is an object.
   */
  references?: z.ZodObject<z.ZodRawShape>;
  /**
   * A GET that changes something needs the CSRF token like a POST (every other method always does).
   * 'page': a GET the web app opens as a page in a new window (a report), which cannot carry a
   * header: the browser's Sec-Fetch-Site saying it comes from this origin does instead.
   */
  writes?: true | 'page';
  handle(req: RouteRequest, ctx: ApiContext): Promise<Reply | unknown>;
}

export interface AreaRoutes {
  area: string;
  routes: RouteDef[];
}

export const defineRoutes = (area: string, routes: RouteDef[]): AreaRoutes => ({ area, routes });

/** An area's own routes, then the generic ones (recordRoutes) that none of its own replaces (same method and path). */
export const withOverrides = (own: RouteDef[], generic: RouteDef[]): RouteDef[] => [
  ...own,
  ...generic.filter((g) => !own.some((o) => o.method === g.method && o.path === g.path)),
];


/** Whether a route changes something, so its requests must pass the CSRF check. */
export const changesData = (r: RouteDef) => r.method !== 'get' || Boolean(r.writes);

export const MAX_UPLOAD_BYTES = Number(process.env.MAX_UPLOAD_MB ?? 100) * 1024 * 1024;
// A file part's name is read as UTF-8 (busboy's default is Latin-1: 'Café' came in as 'CafÃ©'); busboy keeps only its base name.
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 50 } });

function parseBaseVersion(req: Request): number | undefined {
  const h = req.get('if-match');
  if (h && h !== '*') {
    const n = Number(h.replace(/^W\//, '').replace(/"/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new HttpError(400, 'invalid', 'If-Match must be a record version', { fields: { 'If-Match': 'must be a record version' } });
    return n;
  }
  const v = (req.body as { version?: unknown } | undefined)?.version;
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

function parseWith<T>(schema: z.ZodType | undefined, value: unknown): T {
  if (!schema) return value as T;
  const res = schema.safeParse(value ?? {});
  if (!res.success) throw invalidFromZod(res.error);
  return res.data as T;
}

/**
 * Text Postgres cannot store (a NUL byte, a lone surrogate) anywhere in the body, the query or the
 * path is a 400 naming where, before anything is read or written: no route can let it through. An
 * upload's own name with a control character (a line break sent as %0A ...) is refused the same way,
 * naming `file`: it could not be kept as a file name (docs/input-bounds.md "File names").
 */
function refuseUnstorableText(req: Request) {
  const file = (req as Request & { file?: { originalname?: string } }).file;
  const fields = { ...unstorableText(req.params), ...unstorableText(req.query), ...unstorableText(req.body), ...unstorableText(file?.originalname, 'file') };
  if (Object.keys(fields).length) throw badRequest(fields, `${Object.keys(fields).join(', ')}: ${UNSTORABLE_TEXT}`);
  const badName = fileNameProblem(file?.originalname);
  if (badName) throw badRequest({ file: `its name ${badName}` });
}

const ACTOR = Symbol('actor');
/** The signed-in user, read once per request (the ownership check and the handler both need it). */
function actorOnce(req: Request, requireActor: (req: Request) => Promise<Actor>): Promise<Actor> {
  const held = req as Request & { [ACTOR]?: Promise<Actor> };
  return (held[ACTOR] ??= requireActor(req));
}

const REPLY = Symbol('reply');
/** An answer with a status, headers or a file; anything else a handler returns is sent as JSON. */
export const reply = (r: Reply): Reply => Object.assign(r, { [REPLY]: true });
const isReply = (r: unknown): r is Reply => typeof r === 'object' && r !== null && REPLY in r;

const NARROWED = Symbol('narrowed');

export function mountRoutes(router: express.Router, areas: AreaRoutes[], ctx: ApiContext, requireActor: (req: Request) => Promise<Actor>, policy: AccessPolicy) {
  const moneyNames = moneyNamesOf(areas.flatMap((a) => a.routes.map((r) => r.body)));
  for (const { area, routes } of withOwnedIds(areas)) {
    for (const r of routes) {
      const handlers: express.RequestHandler[] = [];
      // The one CSRF check, before an upload is read.
      if (changesData(r)) handlers.push((req, _res, next) => next(checkCsrf(req, { page: r.writes === 'page' })));
      // A device's queued change made by another user of the tablet: refused before anything of it is looked at.
      if (changesData(r) && !r.public) handlers.push((req, _res, next) => actorOnce(req, requireActor).then((actor) => next(otherWriter(req, actor)), next));
      // Another account's record or line is a 404 before anything of the request is read or checked.
      if (!r.public && (hasOwnedIds(r.ids) || r.bodyIds)) handlers.push((req, _res, next) => refuseOthersIds(ctx, r, req, () => actorOnce(req, requireActor)).then(() => next(), next));
      // The caller's role may make this call (docs/roles.md), before the upload or body is read; a field user's list may come back narrowed to their own.
      if (!r.public) {
        const mayCall = accessCheck(policy, area, r);
        handlers.push((req, _res, next) =>
          actorOnce(req, requireActor)
            .then((actor) => mayCall(ctx, actor, req))
            .then((narrowed) => {
              (req as Request & { [NARROWED]?: Record<string, string> })[NARROWED] = narrowed;
              next();
            }, next),
        );
      }
      if (r.upload) handlers.push(upload.single('file'));
      // Never twice: a write with an Idempotency-Key runs once, after the access check and the upload (its file is part of the request).
      if (changesData(r) && !r.public && !r.keyless) handlers.push(idempotency(ctx, (req) => actorOnce(req, requireActor)));
      handlers.push(async (req: Request, res: Response, next: NextFunction) => {
        try {
          const actor = r.public ? (undefined as unknown as Actor) : await actorOnce(req, requireActor);
          refuseUnstorableText(req);
          if (r.readsLists?.length) {
            // The client's own last write: the later of what it says (the web) and its session's last write (the spec's client says nothing).
            const minPosition = await ownLastWrite(ctx, req.get('x-min-position'), actor ? req.sessionID : undefined);
            if (minPosition) await lendTurnWhile(req, waitForLists(ctx, r.readsLists, minPosition));
          }
          const body = parseWith(r.body, req.body);
          const narrowed = (req as Request & { [NARROWED]?: Record<string, string> })[NARROWED];
          const query = parseWith(r.query, narrowed ? { ...req.query, ...narrowed } : req.query);
          const references = r.references ?? (r.body instanceof z.ZodObject ? (r.body as z.ZodObject<z.ZodRawShape>) : undefined);
          if (references && actor) await checkReferences(ctx, actor, references, body);
          const result = await r.handle(
            {
              actor,
              params: req.params as Record<string, string>,
              body,
              query,
              file: (req as Request & { file?: RouteRequest['file'] }).file,
              baseVersion: parseBaseVersion(req),
              raw: req,
              res,
            },
            ctx,
          );
          const reply: Reply = isReply(result) ? result : { body: result };
          if (actor?.role === 'field' && (reply.body !== undefined || reply.json !== undefined)) [reply.body, reply.json] = [withoutMoney(reply.body ?? JSON.parse(reply.json!.toString()), moneyNames), undefined];
          // Before the answer leaves, so the session's next read cannot overtake it.
          const written = reply.headers?.['X-Position'];
          if (written && actor && req.sessionID) await rememberWrite(ctx, req.sessionID, written);
          for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
          res.status(reply.status ?? 200);
          if (reply.file) await sendFile(res, reply.file, next);
          else if (reply.rows) await sendRows(res, reply.rows, actor?.role === 'field' ? (row) => withoutMoney(row, moneyNames) : (row) => row);
          else if (reply.json !== undefined) res.type('application/json').send(reply.json);
          else if (reply.body === undefined) res.end();
          else res.json(reply.body);
        } catch (e) {
          next(e);
        }
      });
      router[r.method](r.path, ...handlers);
    }
  }
}
