/**
 * Attempts limited per key (docs/accounts.md): sign-in per client address and per email, sign-up mail,
 * wrong confirmation codes, and "already registered" answers in Settings > Users. Each is one
 * declaration of the same guard: a few free tries per key, then lockouts that double with each further
 * try, up to a cap, forgotten a while after the first of a run. Counted in Redis under the deployment's
 * prefix, so every api instance of a deployment shares them; while Redis is unreachable each instance
 * counts in its own memory instead.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyAttempts } from './errors.ts';

/** One guard: the keys it counts (with each one's free tries) and how its lockouts grow. */
export interface Limit<K extends string = string> {
  /** Tries each key gets before its first lockout, e.g. { email: 5, address: 50 }. */
  free: Record<K, number>;
  /** The first lockout; each try after it doubles the next one. */
  firstLockSeconds: number;
  maxLockSeconds: number;
  /** Tries are forgotten this long after the first of a run. */
  forgetAfterSeconds: number;
  /** The 429's message, before "Try again in N seconds.". */
  tooMany: string;
}

const limit = <K extends string>(l: Limit<K>) => l;

/** Every guard of the api. Each has its own counters: signing up for someone's address never locks their sign-in. */
export const LIMITS = {
  signIn: limit({ free: { email: 5, address: 50 }, firstLockSeconds: 30, maxLockSeconds: 15 * 60, forgetAfterSeconds: 60 * 60, tooMany: 'Too many sign-in attempts.' }),
  signUp: limit({ free: { email: 3, address: 20 }, firstLockSeconds: 5 * 60, maxLockSeconds: 60 * 60, forgetAfterSeconds: 60 * 60, tooMany: 'Too many sign-up requests.' }),
  wrongCodes: limit({ free: { address: 10 }, firstLockSeconds: 60, maxLockSeconds: 60 * 60, forgetAfterSeconds: 60 * 60, tooMany: 'Too many wrong confirmation codes.' }),
  takenEmails: limit({
    free: { account: 5, address: 20 },
    firstLockSeconds: 60,
    maxLockSeconds: 60 * 60,
    forgetAfterSeconds: 24 * 60 * 60,
    tooMany: 'Too many tries with emails that are already registered.',
  }),
};

type Declared = typeof LIMITS;
type KeysOf<G extends keyof Declared> = keyof Declared[G]['free'] & string;

/** Smaller (or larger) limits, e.g. for tests: any guard, any of its settings. */
export type LimitOverrides = { [G in keyof Declared]?: Partial<Omit<Limit<KeysOf<G>>, 'free'>> & { free?: Partial<Record<KeysOf<G>, number>> } };

/** One try taken; what happened afterwards may decide it does not count. */
export interface Try<K extends string> {
  /** This try does not count after all (e.g. a right code): its keys get it back, and a lockout it started is lifted. */
  giveBack(keys?: K[]): Promise<void>;
  /** These keys start afresh, count and lockout (the right password clears its email). */
  forget(keys: K[]): Promise<void>;
}

export interface Guard<K extends string> {
  /**
   * Takes one try for each key, or refuses with a 429 (Retry-After) while any of them is locked out.
   * Taken before the work it guards, so requests sent at once cannot all slip through before a lockout.
   */
  take(keys: Record<K, string>): Promise<Try<K>>;
  /** Refuses (429) while any key is locked out; counts nothing (for `countFailure` after the work). */
  refuseWhileLocked(keys: Record<K, string>): Promise<void>;
  /**
   * Counts one failure, known only after the work: a burst of good requests never trips the guard.
   * A failure beyond the free ones (and not the one starting a lockout) is refused with the 429 instead.
   */
  countFailure(keys: Record<K, string>): Promise<void>;
}

export type AttemptLimits = { [G in keyof Declared]: Guard<KeysOf<G>> } & { close(): Promise<void> };

/** The client's address, a key of several limits (X-Forwarded-For is trusted from loopback only, see app.ts). */
export const clientAddress = (req: Request) => req.ip ?? 'unknown';

/** A key's value as stored: hashed, so Redis holds no email or address. */
const digest = (value: string) => createHash('sha256').update(value.toLowerCase()).digest('hex').slice(0, 32);

/** A limiter in Redis that falls back to this process's memory when Redis is not ready. */
function limiter(redis: Redis | null, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!redis) return memory;
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

function guard<K extends string>(redis: Redis | null, prefix: string, l: Limit<K>): Guard<K> {
  const counts = limiter(redis, `${prefix}:counts`, Number.MAX_SAFE_INTEGER, l.forgetAfterSeconds);
  // A lockout is a key that lives as long as it lasts; whoever creates it is the one try let through.
  const locks = limiter(redis, `${prefix}:locks`, 1, l.maxLockSeconds);
  const lockFor = (n: number, free: number) => (n < free ? 0 : Math.min(l.maxLockSeconds, l.firstLockSeconds * 2 ** Math.min(30, n - free)));

  const keyOf = (name: string, value: string) => `${name}:${digest(value)}`;
  const refuse = (ms: number) => tooManyAttempts(Math.ceil(ms / 1000), l.tooMany);
  return {
    async refuseWhileLocked(keys) {
      const locked = await Promise.all(Object.entries(keys).map(async ([name, value]) => (await locks.get(keyOf(name, value as string)))?.msBeforeNext ?? 0));
      const ms = Math.max(0, ...locked);
      if (ms > 0) throw refuse(ms);
    },
    async countFailure(keys) {
      const refused = await Promise.all(
        (Object.entries(keys) as [K, string][]).map(async ([name, value]) => {
          const key = keyOf(name, value);
          const n = (await counts.penalty(key, 1)).consumedPoints;
          if (n < l.free[name]) return 0;
          const lock = await locks.penalty(key, 1, { customDuration: lockFor(n, l.free[name]) });
          return lock.consumedPoints === 1 ? 0 : Math.max(1, lock.msBeforeNext);
        }),
      );
      const ms = Math.max(0, ...refused);
      if (ms > 0) throw refuse(ms);
    },
    async take(keys) {
      const taken = await Promise.all(
        (Object.entries(keys) as [K, string][]).map(async ([name, value]) => {
          const key = keyOf(name, value);
          const n = (await counts.penalty(key, 1)).consumedPoints;
          if (n < l.free[name]) {
            const lock = await locks.get(key);
            return { name, key, lockedMs: lock && lock.msBeforeNext > 0 ? lock.msBeforeNext : 0, startedLock: false };
          }
          // The try that uses up the last free one (or comes after a lockout) starts the next lockout, atomically.
          const lock = await locks.penalty(key, 1, { customDuration: lockFor(n, l.free[name]) });
          const started = lock.consumedPoints === 1;
          return { name, key, lockedMs: started ? 0 : Math.max(1, lock.msBeforeNext), startedLock: started };
        }),
      );
      const chosen = (names?: K[]) => taken.filter((t) => !names || names.includes(t.name));
      const attempt: Try<K> = {
        async giveBack(names) {
          await Promise.all(chosen(names).map((t) => Promise.all([counts.reward(t.key, 1), t.startedLock ? locks.delete(t.key) : null])));
        },
        async forget(names) {
          await Promise.all(chosen(names).map((t) => Promise.all([counts.delete(t.key), locks.delete(t.key)])));
        },
      };
      const ms = Math.max(0, ...taken.map((t) => t.lockedMs));
      if (ms > 0) {
        // A refused try does not count: waiting out the lockout is enough.
        await attempt.giveBack();
        throw refuse(ms);
      }
      return attempt;
    },
  };
}

/** `deployment`: the deployment's name in shared Redis (deploymentKey of its database), so deployments never limit each other. */
export function attemptLimits(o: { redisUrl: string | null; deployment: string; limits?: LimitOverrides }): AttemptLimits {
  // Its own connection without an offline queue: a command fails at once while Redis is away (then memory counts).
  const redis = o.redisUrl ? new Redis(o.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `${o.deployment}:limits` }) : null;
  redis?.on('error', () => undefined);
  const make = <G extends keyof Declared>(name: G) => {
    const declared = LIMITS[name] as Limit<KeysOf<G>>;
    const override = o.limits?.[name];
    const l: Limit<KeysOf<G>> = { ...declared, ...override, free: { ...declared.free, ...override?.free } };
    return guard(redis, `${o.deployment}:limits:${name}`, l);
  };
  return {
    signIn: make('signIn'),
    signUp: make('signUp'),
    wrongCodes: make('wrongCodes'),
    takenEmails: make('takenEmails'),
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}
