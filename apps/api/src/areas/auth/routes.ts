/**
 * Accounts and sign-in. Accounts and users are plain tables (ARCHITECTURE: accounts, users, security).
 * Sign-up proves the address first and never says whether an email has an account; sign-in answers an
 * unknown email exactly as a wrong password, after the same work, and is limited (docs/accounts.md).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { defineRoutes, reply } from '../../platform/routes.ts';
import { HttpError, badRequest } from '../../platform/errors.ts';
import { clientAddress } from '../../platform/attempt-limits.ts';
import { actorOf, cookieOf, newCsrfToken, secure, setCsrfCookie } from '../../platform/session.ts';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { hashPassword, hashSecret, verifySecret } from './passwords.ts';

export { hashPassword } from './passwords.ts';

const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'must be an email address' })).pipe(z.string().max(200));
const password = z.string().min(8, 'must be at least 8 characters').max(200);

const signupBody = z.object({
  account_name: z.string().trim().min(1, 'is required').max(200),
  display_name: z.string().trim().min(1, 'is required').max(200),
  email,
  password,
});
const confirmBody = z.object({ email, code: z.string().trim().regex(/^\d{8}$/, 'must be the 8 digits from the mail') });
const loginBody = z.object({ email, password: z.string().min(1, 'is required').max(200) });

/** A sign-up code lasts an hour and allows a few wrong guesses (then a new sign-up sends a new one). */
export const CODE_LIFETIME_MS = 60 * 60 * 1000;
export const CODE_ATTEMPTS = 5;

export const userOf = (a: Actor) => ({ id: a.userId, email: a.email, display_name: a.userName, account_id: a.accountId, account_name: a.accountName, role: a.role });

/** A new session id on sign-in (no session fixation), with its own CSRF token. */
async function signIn(req: Request, res: Response, userId: string) {
  await new Promise<void>((ok, fail) => req.session.regenerate((e) => (e ? fail(e) : ok())));
  req.session.userId = userId;
  req.session.csrfToken = newCsrfToken();
  await new Promise<void>((ok, fail) => req.session.save((e) => (e ? fail(e) : ok())));
  setCsrfCookie(res, req.session.csrfToken);
}

const wrongLogin = () => new HttpError(401, 'unauthenticated', 'Wrong email or password.');
const wrongCode = () => badRequest({ code: 'is wrong or has expired: sign up again for a new code' }, 'That code is wrong or has expired.');
const emailTaken = (e: unknown) => (e as pg.DatabaseError).code === '23505' && (e as pg.DatabaseError).constraint === 'users_email_key';

const codeMail = (to: string, code: string) => ({
  to,
  kind: 'signup_code',
  subject: `Your Trenchline confirmation code: ${code}`,
  text: `Enter this code on the sign-up page to finish creating your Trenchline account:\n\n    ${code}\n\nIt works for one hour. If you did not ask to sign up, ignore this mail: no account is made without the code.`,
});
const existingMail = (to: string) => ({
  to,
  kind: 'signup_existing',
  subject: 'You already have a Trenchline account',
  text: `Someone (maybe you) asked to sign up with this address, but it already has a Trenchline account. Sign in with it instead; if you forgot your password, ask a colleague on your account to set a new one in Settings > Users.\n\nIf it was not you, ignore this mail: nothing was changed.`,
});

/** The requester's own pending sign-up: its token rides in this cookie, so only its requester can finish it. */
const SIGNUP_COOKIE = 'signup';
const SIGNUP_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth/signup' } as const;
const idOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Both answers of a sign-up do the same work: two argon2 hashes (password and code), one pending row
 * (an existing address's code is never sent, so it can never be confirmed), one cookie and one mail.
 */
async function requestSignup(ctx: ApiContext, res: Response, body: z.infer<typeof signupBody>) {
  const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
  const token = randomBytes(32).toString('base64url');
  const [passwordHash, codeHash] = await Promise.all([hashPassword(body.password), hashSecret(code)]);
  const now = ctx.now();
  const existing = await ctx.db.transaction(async (trx) => {
    await trx('signup_confirmations').where('expires_at', '<', now).delete();
    await trx('signup_confirmations').insert({
      id: idOfToken(token),
      email: body.email,
      account_name: body.account_name,
      display_name: body.display_name,
      password_hash: passwordHash,
      code_hash: codeHash,
      attempts: 0,
      expires_at: new Date(now.getTime() + CODE_LIFETIME_MS),
      created_at: now,
    });
    const user = await trx('users').whereRaw('lower(email) = ?', [body.email]).first('id');
    return user !== undefined;
  });
  res.cookie(SIGNUP_COOKIE, token, { ...SIGNUP_COOKIE_OPTIONS, maxAge: CODE_LIFETIME_MS });
  await ctx.mailer.send(existing ? existingMail(body.email) : codeMail(body.email, code));
}

/** One argon2 verification whatever happens (no usable row: against a hash nobody knows); null for a wrong code. */
async function confirmSignup(ctx: ApiContext, req: Request, body: z.infer<typeof confirmBody>): Promise<string | null> {
  const token = cookieOf(req, SIGNUP_COOKIE);
  return ctx.db.transaction(async (trx) => {
    const row = token ? await trx('signup_confirmations').where({ id: idOfToken(token), email: body.email }).forUpdate().first() : undefined;
    const usable = row && row.expires_at > ctx.now() && row.attempts < CODE_ATTEMPTS;
    const right = await verifySecret(usable ? row.code_hash : null, body.code);
    if (!right || !row) {
      if (row) await trx('signup_confirmations').where({ id: row.id }).increment('attempts', 1);
      return null;
    }
    await trx('signup_confirmations').where({ email: row.email }).delete();
    const [account] = await trx('accounts').insert({ name: row.account_name }).returning('id');
    // The account's first user runs it (docs/roles.md).
    const [user] = await trx('users').insert({ account_id: account.id, email: row.email, display_name: row.display_name, password_hash: row.password_hash, role: 'admin' }).returning('id');
    return String(user.id);
  });
}

export const authRoutes = defineRoutes('auth', [
  {
    method: 'post',
    path: '/auth/signup',
    summary: 'Ask to create an account (a contractor company) and its first user: mails a confirmation code to the address (202; limited per address and per email: 429 with Retry-After)',
    public: true,
    body: signupBody,
    handle: async ({ body, raw, res }, ctx) => {
      // Every mail counts, whether the address has an account or not: the limit says nothing about it.
      const attempt = await ctx.limits.signUp.take({ address: clientAddress(raw), email: body.email });
      await requestSignup(ctx, res, body).catch(async (e: unknown) => {
        await attempt.giveBack();
        throw e;
      });
      return reply({
        status: 202,
        body: { status: 'confirmation_sent', message: `We sent a mail to ${body.email}. Enter the code from it to finish creating your account.` },
      });
    },
  },
  {
    method: 'post',
    path: '/auth/signup/confirm',
    summary: 'Finish a sign-up with the code from the mail ({email, code}): creates the account and user, and signs in (wrong codes limited per client address: 429)',
    public: true,
    body: confirmBody,
    handle: async ({ body, raw, res }, ctx) => {
      // Counted per client address too: the per-row tries do not slow an address trying codes on many rows.
      const attempt = await ctx.limits.wrongCodes.take({ address: clientAddress(raw) });
      let userId: string | null;
      try {
        userId = await confirmSignup(ctx, raw, body);
      } catch (e) {
        await attempt.giveBack();
        // Only someone who proved the address gets here: telling them it has an account reveals nothing.
        if (emailTaken(e)) throw badRequest({ email: 'already has an account: sign in instead' });
        throw e;
      }
      if (!userId) throw wrongCode(); // the one outcome that counts against the address
      await attempt.giveBack();
      res.clearCookie(SIGNUP_COOKIE, SIGNUP_COOKIE_OPTIONS);
      await signIn(raw, res, userId);
      return reply({ status: 201, body: { user: userOf((await actorOf(ctx, userId))!) } });
    },
  },
  {
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with email and password (limited per client address and per email: 429 with Retry-After)',
    public: true,
    body: loginBody,
    handle: async ({ body, raw, res }, ctx) => {
      const attempt = await ctx.limits.signIn.take({ address: clientAddress(raw), email: body.email });
      let right: boolean;
      let row: { id: string; password_hash: string; active: boolean; cancelled_at: Date | null } | undefined;
      try {
        row = await ctx.db('users as u').join('accounts as a', 'a.id', 'u.account_id').whereRaw('lower(u.email) = ?', [body.email]).first('u.id', 'u.password_hash', 'u.active', 'a.cancelled_at');
        // An unknown email verifies against a hash nobody knows: the same work and answer as a wrong password.
        right = (await verifySecret(row?.password_hash, body.password)) && row !== undefined;
      } catch (e) {
        await attempt.giveBack(); // the database was away: not a wrong password
        throw e;
      }
      if (!right || !row) throw wrongLogin();
      // The email starts afresh; the address only gets this try back, or one account would clear an attacker's address.
      await Promise.all([attempt.forget(['email']), attempt.giveBack(['address'])]);
      // Told only to someone who knows the password: why the right password no longer lets them in.
      if (row.cancelled_at) throw new HttpError(403, 'account_cancelled', 'This account has been cancelled; access has ended.');
      if (!row.active) throw new HttpError(403, 'user_deactivated', 'Your user has been deactivated. Ask someone on your account to reactivate you.');
      const actor = await actorOf(ctx, String(row.id));
      if (!actor) throw wrongLogin();
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
    summary: 'The signed-in user with their role (admin, office, field, auditor), or 401',
    handle: async ({ actor }) => ({ user: userOf(actor) }),
  },
]);
