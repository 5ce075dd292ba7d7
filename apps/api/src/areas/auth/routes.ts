/** Accounts and sign-in. Accounts and users are plain tables (ARCHITECTURE: accounts, users, security). */
import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';
import type { Request } from 'express';
import { defineRoutes, reply } from '../../platform/routes.ts';
import { HttpError, badRequest } from '../../platform/errors.ts';
import { actorOf, newCsrfToken, setCsrfCookie } from '../../platform/session.ts';
import type { Actor } from '../../platform/context.ts';

const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'must be an email address' })).pipe(z.string().max(200));
const password = z.string().min(8, 'must be at least 8 characters').max(200);

const signupBody = z.object({
  account_name: z.string().trim().min(1, 'is required').max(200),
  display_name: z.string().trim().min(1, 'is required').max(200),
  email,
  password,
});
const loginBody = z.object({ email, password: z.string().min(1, 'is required').max(200) });

export const userOf = (a: Actor) => ({ id: a.userId, email: a.email, display_name: a.userName, account_id: a.accountId, account_name: a.accountName });

/** A new session id on sign-in (no session fixation), with its own CSRF token. */
async function signIn(req: Request, res: import('express').Response, userId: string) {
  await new Promise<void>((ok, fail) => req.session.regenerate((e) => (e ? fail(e) : ok())));
  req.session.userId = userId;
  req.session.csrfToken = newCsrfToken();
  await new Promise<void>((ok, fail) => req.session.save((e) => (e ? fail(e) : ok())));
  setCsrfCookie(res, req.session.csrfToken);
}

/** Argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = (p: string) => hash(p);

export const authRoutes = defineRoutes('auth', [
  {
    method: 'post',
    path: '/auth/signup',
    summary: 'Create an account (a contractor company) and its first user, and sign in',
    public: true,
    body: signupBody,
    handle: async ({ body, raw, res }, ctx) => {
      const passwordHash = await hashPassword(body.password);
      const userId = await ctx.db.transaction(async (trx) => {
        if (await trx('users').whereRaw('lower(email) = ?', [body.email]).first()) throw badRequest({ email: 'is already registered' });
        const [account] = await trx('accounts').insert({ name: body.account_name }).returning('id');
        const [user] = await trx('users')
          .insert({ account_id: account.id, email: body.email, display_name: body.display_name, password_hash: passwordHash })
          .returning('id');
        return String(user.id);
      });
      await signIn(raw, res, userId);
      return reply({ status: 201, body: { user: userOf((await actorOf(ctx, userId))!) } });
    },
  },
  {
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with email and password',
    public: true,
    body: loginBody,
    handle: async ({ body, raw, res }, ctx) => {
      const row = await ctx.db('users as u').join('accounts as a', 'a.id', 'u.account_id').whereRaw('lower(u.email) = ?', [body.email]).first('u.id', 'u.password_hash', 'u.active', 'a.cancelled_at');
      const ok = row ? await verify(row.password_hash, body.password).catch(() => false) : false;
      if (!ok || !row) throw new HttpError(401, 'unauthenticated', 'Wrong email or password.');
      // Told only to someone who knows the password: why the right password no longer lets them in.
      if (row.cancelled_at) throw new HttpError(403, 'account_cancelled', 'This account has been cancelled; access has ended.');
      if (!row.active) throw new HttpError(403, 'user_deactivated', 'Your user has been deactivated. Ask someone on your account to reactivate you.');
      const actor = await actorOf(ctx, String(row.id));
      if (!actor) throw new HttpError(401, 'unauthenticated', 'Wrong email or password.');
      await signIn(raw, res, actor.userId);
      return { user: userOf(actor) };
    },
  },
  {
    method: 'post',
    path: '/auth/logout',
    summary: 'Sign out (ends this session)',
    public: true,
    handle: async ({ raw, res }) => {
      await new Promise<void>((ok) => (raw.session ? raw.session.destroy(() => ok()) : ok()));
      res.clearCookie('sessionid');
      setCsrfCookie(res, newCsrfToken());
      return reply({ status: 204 });
    },
  },
  {
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in user, or 401',
    handle: async ({ actor }) => ({ user: userOf(actor) }),
  },
]);
