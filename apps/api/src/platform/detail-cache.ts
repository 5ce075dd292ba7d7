/**
 * The detail of a long record, kept by version: a job of thousands of lines costs its fold and its
 * shown lines (tens of ms) at each GET, though it changes far less often than it is read. A kept
 * detail is served while the stream holds no event after its version (one indexed read of the stream's
 * tail) and the day is the same (shown fields move with today); any append, a delete too, makes the
 * next GET build it again. Only records of at least DETAIL_CACHE_MIN_EVENTS are kept (a short one is
 * cheaper to build than to keep), DETAIL_CACHE_RECORDS and DETAIL_CACHE_CHARS at most per api, the
 * least recently read dropped first. Only the answer's JSON is kept: a long job's objects take several
 * times its text in memory, and the text is what is sent.
 */
import type { ApiContext } from './context.ts';

export const DETAIL_CACHE_MIN_EVENTS = 500;
export const DETAIL_CACHE_RECORDS = 16;
/** The kept answers' text in all, per api (UTF-16: about twice as many bytes). */
export const DETAIL_CACHE_CHARS = 24 * 1024 * 1024;

export interface KeptDetail {
  version: number;
  day: string;
  accountId: string;
  /** The detail as JSON, sent as it is (a field user's is parsed again and shown without money). */
  json: string;
}

const caches = new WeakMap<ApiContext, Map<string, KeptDetail>>();

function cacheOf(ctx: ApiContext): Map<string, KeptDetail> {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = new Map()));
  return c;
}

/** The kept detail of `stream` when it is still current for this account and day, else null. */
export async function keptDetail(ctx: ApiContext, stream: string, accountId: string, day: string): Promise<KeptDetail | null> {
  const cache = cacheOf(ctx);
  const kept = cache.get(stream);
  if (!kept || kept.day !== day || kept.accountId !== accountId) return null;
  if ((await ctx.store.streamVersion(stream)) !== kept.version) {
    cache.delete(stream);
    return null;
  }
  // Read again: the most recently read goes last (a Map keeps insertion order).
  cache.delete(stream);
  cache.set(stream, kept);
  return kept;
}

/** Keep a built detail (a long record's only). */
export function keepDetail(ctx: ApiContext, stream: string, kept: KeptDetail): void {
  if (kept.version < DETAIL_CACHE_MIN_EVENTS || kept.json.length > DETAIL_CACHE_CHARS) return;
  const cache = cacheOf(ctx);
  cache.delete(stream);
  cache.set(stream, kept);
  keepWithin(cache);
}

/** Drops the least recently read (a Map's first) until the kept answers are within both bounds. */
export function keepWithin(cache: Map<string, KeptDetail>, bounds = { records: DETAIL_CACHE_RECORDS, chars: DETAIL_CACHE_CHARS }): void {
  let chars = 0;
  for (const k of cache.values()) chars += k.json.length;
  for (const [oldest, k] of cache) {
    if (cache.size <= bounds.records && chars <= bounds.chars) break;
    cache.delete(oldest);
    chars -= k.json.length;
  }
}
