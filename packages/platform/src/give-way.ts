/**
 * Heavy work gives way to other accounts' requests (docs/architecture.md "No account slows another").
 * The api marks in Redis each account it serves (at most once per MARK_MS per account and api); one
 * account's heavy job (an import, a bulk archive, a report), between its steps, asks whether another
 * account was served in the last RECENT_MS and, if so, works at most its share of the time
 * (HEAVY_SHARE): after each stretch of work it rests in proportion. With no one else about, it runs
 * flat out. Imported by its own path, as queue.ts is.
 */
import type { Redis } from 'ioredis';
import { QUEUE } from './queue.ts';

/** An account's mark is refreshed at most this often by one api: a busy account costs Redis ten writes a second. */
const MARK_MS = 100;
/** Another account served within this is still about: its next read is a moment away. */
const RECENT_MS = 500;
/** Marks older than this are dropped from the set (by the api, at most this often). */
const PRUNE_MS = 10_000;
/** How long the set outlives its last mark. */
const KEPT_MS = 60_000;
/** Accounts whose last mark one api remembers; past it, it forgets them all and marks again. */
const REMEMBERED = 10_000;

/** The accounts served lately, shared through Redis by every api and worker of one deployment (its queue prefix). */
export function servedAccounts(redis: Pick<Redis, 'multi' | 'zrangebyscore'>, prefix = 'bull', now: () => number = Date.now) {
  const key = `${prefix}:${QUEUE}:served`;
  const markedAt = new Map<string, number>();
  let prunedAt = 0;
  return {
    /** The api is serving one of the account's requests. Not waited for: a lost mark costs a heavy job a moment at full speed. */
    mark(accountId: string) {
      const t = now();
      if (t - (markedAt.get(accountId) ?? -Infinity) < MARK_MS) return;
      if (markedAt.size >= REMEMBERED) markedAt.clear();
      markedAt.set(accountId, t);
      // The set goes with the deployment's last request (a test app's prefix leaves nothing behind a minute on).
      const write = redis.multi().zadd(key, t, accountId).pexpire(key, KEPT_MS);
      if (t - prunedAt >= PRUNE_MS) {
        prunedAt = t;
        write.zremrangebyscore(key, '-inf', t - PRUNE_MS);
      }
      write.exec().catch(() => undefined);
    },
    /** Whether an account other than this one was served in the last RECENT_MS (false when Redis does not answer). */
    async othersThan(accountId: string): Promise<boolean> {
      const recent = await redis.zrangebyscore(key, now() - RECENT_MS, '+inf', 'LIMIT', 0, 2).catch(() => [] as string[]);
      return recent.some((a) => a !== accountId);
    },
  };
}

/**
 * The share of the time one account's heavy work takes while others are served (HEAVY_SHARE, 0 < share
 * <= 1; 1: never gives way). At a quarter another account's page p99 on 2 cores was 1.4x to 3.7x its
 * alone figure, where flat out it was 1.8x to 7.9x (docs/architecture.md); the price is the heavy job's own speed.
 */
const DEFAULT_HEAVY_SHARE = 0.25;
export function heavyShareFromEnv(): number {
  const share = Number(process.env.HEAVY_SHARE ?? DEFAULT_HEAVY_SHARE);
  return share > 0 && share <= 1 ? share : DEFAULT_HEAVY_SHARE;
}

export interface GiveWayOptions {
  share: number;
  /** Work between two asks: one ask per stretch, not per record. */
  stretchMs?: number;
  /** The longest rest at once, however long the stretch before it (a report's render is one stretch). */
  maxRestMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A heavy job's give-way, called between its steps: once a stretch of work has passed, and another
 * account is about (`othersAbout`), it rests for the stretch times (1 - share) / share, so the job
 * works `share` of the time; then a new stretch starts.
 */
export function givingWay(othersAbout: () => Promise<boolean>, o: GiveWayOptions): () => Promise<void> {
  if (o.share >= 1) return () => Promise.resolve();
  const now = o.now ?? (() => performance.now());
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const stretchMs = o.stretchMs ?? 50;
  const maxRestMs = o.maxRestMs ?? 1000;
  let since = now();
  let resting: Promise<void> | null = null;
  return () => {
    // Concurrent callers (an archive's lanes) share one rest.
    if (resting) return resting;
    const worked = now() - since;
    if (worked < stretchMs) return Promise.resolve();
    resting = (async () => {
      if (await othersAbout()) await sleep(Math.min(maxRestMs, (worked * (1 - o.share)) / o.share));
      since = now();
    })().finally(() => (resting = null));
    return resting;
  };
}
