/**
 * Each account's lane for reads (docs/architecture.md "No account slows another"): at most `atWork`
 * reads of one account at work at once in this api, the rest of that account's queued in arrival
 * order, so one account's burst (fifty reports asked at once, a script paging everything) waits
 * behind itself while another account's page finds the read pool free. Past the lane's bound the
 * request is refused with 429 and Retry-After. A read waiting on something else (a report on the
 * worker, a list on the projector) lends its turn meanwhile (`lendTurnWhile`). Writes pass the door
 * (admission.ts) instead; requests with no one signed in pass straight on.
 */
import type { Request, RequestHandler, Response } from 'express';
import { nonNegativeIntFromEnv, positiveIntFromEnv } from '@trenchline/read-model';
import type { ApiContext } from './context.ts';
import { HttpError } from './errors.ts';
import { turnstile, type TurnLimits, type Turnstile } from './turns.ts';

/** Reads of one account at work at once (ACCOUNT_READS_AT_WORK; 0: no lanes); waiting (ACCOUNT_READS_WAITING); the wait (ACCOUNT_READS_WAIT_MS). */
export const accountLaneLimitsFromEnv = (readConnections: number): TurnLimits => ({
  // Half the read pool: another account's read always finds a connection.
  atWork: nonNegativeIntFromEnv('ACCOUNT_READS_AT_WORK', Math.max(4, Math.ceil(readConnections / 2))),
  waiting: positiveIntFromEnv('ACCOUNT_READS_WAITING', 1_000),
  waitMs: positiveIntFromEnv('ACCOUNT_READS_WAIT_MS', 30_000),
});

const RETRY_AFTER_SECONDS = 1;
const accountBusy = (limits: TurnLimits, why: 'full' | 'waited') =>
  new HttpError(
    429,
    'account_busy',
    `Your account has ${limits.atWork} requests at work on this server and ${why === 'full' ? `${limits.waiting} more waiting` : `this one waited ${limits.waitMs / 1000} s`}. Try again in ${RETRY_AFTER_SECONDS} second.`,
    {},
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );

/** A user's account never changes: kept once read, for this many users at most (the oldest forgotten first). */
const KNOWN_USERS = 50_000;

/** The lane a request holds a turn of, to lend it. */
const laneOf = new WeakMap<Request, Turnstile>();

/** While `work` waits on another process, the request's account lane serves the account's next read; taken again after. */
export function lendTurnWhile<T>(req: Request, work: Promise<T>): Promise<T> {
  const lane = laneOf.get(req);
  return lane && req.res ? lane.lendWhile(req.res, work) : work;
}

/** A user's account, read once per user and kept (a user never moves account), for KNOWN_USERS users at most. */
export function accountOfUser(ctx: ApiContext): (userId: string) => Promise<string | null> {
  const accounts = new Map<string, string>();
  return async (userId) => {
    const known = accounts.get(userId);
    if (known) return known;
    const row = await ctx.db('users').where({ id: userId }).first('account_id');
    if (!row) return null;
    if (accounts.size >= KNOWN_USERS) accounts.delete(accounts.keys().next().value!);
    accounts.set(userId, String(row.account_id));
    return String(row.account_id);
  };
}

/** `served`: told the account of every signed-in request, reads and writes (the worker's heavy jobs give way to them: platform/give-way.ts). */
export function accountLanes(accountOf: (userId: string) => Promise<string | null>, limits: TurnLimits, served?: (accountId: string) => void) {
  const lanes = new Map<string, Turnstile>();

  const middleware: RequestHandler = (req: Request, res: Response, next) => {
    const userId = req.session?.userId;
    const laned = Boolean(limits.atWork) && (req.method === 'GET' || req.method === 'HEAD');
    if (!userId || !(laned || served)) return next();
    accountOf(userId).then((accountId) => {
      if (!accountId) return next();
      served?.(accountId);
      if (!laned) return next();
      let lane = lanes.get(accountId);
      if (!lane) lanes.set(accountId, (lane = turnstile(limits)));
      const theLane = lane;
      // An account with nothing at work and nothing waiting keeps no lane.
      // Checked once the turn this request held has passed on (its own 'close' listener runs after this one).
      res.once('close', () => setImmediate(() => theLane.idle() && lanes.get(accountId) === theLane && lanes.delete(accountId)));
      theLane.take(req, res, () => (laneOf.set(req, theLane), next()), (why) => next(accountBusy(limits, why)));
    }, next);
  };

  return {
    middleware,
    limits,
    /** Accounts with a lane now, and their reads at work and waiting (health). */
    counts: () => ({ accounts: lanes.size, atWork: [...lanes.values()].reduce((s, l) => s + l.counts().atWork, 0), waiting: [...lanes.values()].reduce((s, l) => s + l.counts().waiting, 0) }),
  };
}
