/**
 * Sign-in attempts limited per client address and per email (docs/accounts.md): a few free failures,
 * then lockouts that double with each further failure. Counted in Redis, so every api instance of a
 * deployment shares them; while Redis is unreachable each instance counts in its own memory instead.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyAttempts } from './errors.ts';

export interface LoginLimits {
  /** Failures of one email before its first lockout. */
  accountFreeTries: number;
  /** Failures from one client address (any emails) before its first lockout. */
  addressFreeTries: number;
  /** The first lockout; each failure after it doubles the next one. */
  firstLockSeconds: number;
  maxLockSeconds: number;
  /** Failures are forgotten this long after the first of a run. */
  forgetAfterSeconds: number;
}

export const LOGIN_LIMITS: LoginLimits = { accountFreeTries: 5, addressFreeTries: 50, firstLockSeconds: 30, maxLockSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 };

export interface LoginGuard {
  /** Refuses (429 with Retry-After) while the address or the email is locked out. */
  check(address: string, email: string): Promise<void>;
  /** Counts a wrong email or password against both, and locks out whichever ran out of free tries. */
  failed(address: string, email: string): Promise<void>;
  /** The right password: the email starts afresh (the address does not, or one account would clear it). */
  succeeded(email: string): Promise<void>;
  close(): Promise<void>;
}

const keyOfEmail = (email: string) => `email:${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;
const keyOfAddress = (address: string) => `ip:${address}`;

/** A limiter in Redis that falls back to this process's memory when Redis is not ready. */
function limiter(redis: Redis | null, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!redis) return memory;
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

/** `deployment`: the deployment's name in shared Redis (deploymentKey of its database), so deployments never limit each other. */
export function loginGuard(o: { redisUrl: string | null; deployment: string; limits?: Partial<LoginLimits> }): LoginGuard {
  const limits = { ...LOGIN_LIMITS, ...o.limits };
  // Its own connection without an offline queue: a command fails at once while Redis is away (then memory counts).
  const redis = o.redisUrl ? new Redis(o.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `${o.deployment}:login` }) : null;
  redis?.on('error', () => undefined);
  const prefix = `${o.deployment}:login`;
  const failures = limiter(redis, `${prefix}:failures`, Number.MAX_SAFE_INTEGER, limits.forgetAfterSeconds);
  const locks = limiter(redis, `${prefix}:locks`, 1, limits.maxLockSeconds);

  const lockFor = (failuresSoFar: number, free: number) =>
    failuresSoFar < free ? 0 : Math.min(limits.maxLockSeconds, limits.firstLockSeconds * 2 ** Math.min(30, failuresSoFar - free));
  const lockedFor = (r: RateLimiterRes | null) => (r && r.consumedPoints > 1 ? r.msBeforeNext : 0);

  return {
    async check(address, email) {
      const [a, e] = await Promise.all([locks.get(keyOfAddress(address)), locks.get(keyOfEmail(email))]);
      const ms = Math.max(lockedFor(a), lockedFor(e));
      if (ms > 0) throw tooManyAttempts(Math.ceil(ms / 1000));
    },
    async failed(address, email) {
      await Promise.all(
        [
          [keyOfAddress(address), limits.addressFreeTries],
          [keyOfEmail(email), limits.accountFreeTries],
        ].map(async ([key, free]) => {
          const counted = await failures.consume(key as string);
          const seconds = lockFor(counted.consumedPoints, free as number);
          if (seconds > 0) await locks.block(key as string, seconds);
        }),
      );
    },
    async succeeded(email) {
      await Promise.all([failures.delete(keyOfEmail(email)), locks.delete(keyOfEmail(email))]);
    },
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}
