/**
 * Sessions and CSRF as the spec's shared conventions say.
 * - Session: express-session stored in Postgres (connect-pg-simple), cookie `sessionid`.
 * - CSRF: cookie `csrftoken` (readable by the page) echoed in header `X-CSRFToken` on every call
 *   that changes something: every POST, PUT, PATCH and DELETE, and the GETs flagged `writes` in
 *   the route registry. Once signed in, the token is also bound to the session, so a token from
 *   another session is refused. Missing or wrong: 403.
 * Cookies are SameSite=Lax, so another site cannot make the browser send them on its sub-requests.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Request, RequestHandler } from 'express';
import type { ApiContext, Actor } from './context.ts';
import { HttpError } from './errors.ts';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    csrfToken: string;
  }
}

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const secure = process.env.COOKIE_SECURE === 'true';

export async function sessionSecret(ctx: ApiContext): Promise<string> {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  await ctx.db.raw('insert into app_secrets (name, value) values (?, ?) on conflict do nothing', ['session', randomBytes(32).toString('hex')]);
  return (await ctx.db('app_secrets').where({ name: 'session' }).first()).value;
}

/** How long a session's stored expiry may lag its cookie's: a fortnight's session loses minutes at most. */
export const SESSION_TOUCH_EVERY_MS = 5 * 60_000;
const TOUCHES_KEPT = 10_000;

export function sessionMiddleware(ctx: ApiContext, secret: string): RequestHandler {
  const PgStore = connectPgSimple(session);
  /**
   * The rolling expiry written at most every few minutes per session, not on every request: each
   * touch was an UPDATE and a commit waiting on the disk, for reads too (a dashboard's every page).
   */
  class SessionStore extends PgStore {
    private readonly touchedAt = new Map<string, number>();
    override touch(sid: string, sess: session.SessionData, fn?: (err?: unknown) => void) {
      const now = Date.now();
      const last = this.touchedAt.get(sid);
      if (last !== undefined && now - last < SESSION_TOUCH_EVERY_MS) return fn?.();
      this.touchedAt.delete(sid);
      this.touchedAt.set(sid, now);
      // The oldest first (a Map keeps insertion order): forgetting one costs that session one touch.
      if (this.touchedAt.size > TOUCHES_KEPT) this.touchedAt.delete(this.touchedAt.keys().next().value!);
      return super.touch(sid, sess, fn);
    }
  }
  return session({
    name: 'sessionid',
    secret,
    store: new SessionStore({ pool: ctx.pool, tableName: 'sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: 14 * 24 * 3600 * 1000 },
  });
}

export const newCsrfToken = () => randomBytes(24).toString('hex');

export function setCsrfCookie(res: import('express').Response, token: string) {
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}

export function cookieOf(req: Request, name: string): string | undefined {
  const raw = req.headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Gives every visitor a token cookie (the check is `checkCsrf`, run by the route registry). */
export const csrfCookie: RequestHandler = (req, res, next) => {
  if (!cookieOf(req, CSRF_COOKIE) || (req.session?.csrfToken && cookieOf(req, CSRF_COOKIE) !== req.session.csrfToken))
    setCsrfCookie(res, req.session?.csrfToken ?? newCsrfToken());
  next();
};

/** Fetch Metadata of a request made by this origin's own pages, or typed in by the user. */
const OWN_PAGE = new Set(['same-origin', 'none']);

/**
 * The CSRF check of every route that changes something, whatever its method: the X-CSRFToken
 * header must echo the token. `page`: a GET opened as a page by the web app may instead show,
 * by the browser's Sec-Fetch-Site, that this origin opened it (another site cannot forge that).
 */
export function checkCsrf(req: Request, o: { page?: boolean } = {}): HttpError | undefined {
  const expected = req.session?.csrfToken ?? cookieOf(req, CSRF_COOKIE);
  const sent = req.get(CSRF_HEADER);
  if (sent && expected && equal(sent, expected)) return undefined;
  if (o.page && OWN_PAGE.has(req.get('sec-fetch-site') ?? '')) return undefined;
  return new HttpError(403, 'csrf', 'CSRF check failed: send the csrftoken cookie value in the X-CSRFToken header.');
}

/** The signed-in user, re-checked on every request so a deactivated user is out at once. */
export async function actorOf(ctx: ApiContext, userId: string | undefined): Promise<Actor | null> {
  if (!userId) return null;
  const row = await ctx
    .db('users as u')
    .join('accounts as a', 'a.id', 'u.account_id')
    .where('u.id', userId)
    .andWhere('u.active', true)
    .whereNull('a.cancelled_at')
    .first('u.id', 'u.email', 'u.display_name', 'u.account_id', 'u.role', 'a.name as account_name');
  return row ? { userId: String(row.id), userName: row.display_name, email: row.email, accountId: String(row.account_id), accountName: row.account_name, role: row.role } : null;
}

export function requireActor(ctx: ApiContext) {
  return async (req: Request): Promise<Actor> => {
    const actor = await actorOf(ctx, req.session?.userId);
    if (!actor) throw new HttpError(401, 'unauthenticated', 'Please log in.');
    return actor;
  };
}
