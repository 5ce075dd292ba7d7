/**
 * The detail of a long record, kept by version: a job of thousands of lines costs its fold and its
 * shown lines (tens of ms) at each GET, though it changes far less often than it is read. A kept
 * detail is served while the stream holds no event after its version (one indexed read of the stream's
 * tail) and the day is the same (shown fields move with today); any append, a delete too, makes the
 * next GET build it again. Only records of at least DETAIL_CACHE_MIN_EVENTS are kept (a short one is
 * cheaper to build than to keep), DETAIL_CACHE_RECORDS and DETAIL_CACHE_BYTES at most per api, the
 * least recently read dropped first. Only the answer's JSON is kept, as the UTF-8 bytes sent: a long
 * job's objects take several times its text in memory, and a string is encoded again at every send
 * (2 ms of a half-megabyte answer here). A record as of a time is kept the same way,
 * under its time, checked against the stream's version when it was built: an auditor paging back and
 * forth through a long job's past reads each moment's fold once.
 */
import type { ApiContext } from './context.ts';

export const DETAIL_CACHE_MIN_EVENTS = 500;
export const DETAIL_CACHE_RECORDS = 16;
/** The kept answers' bytes in all, per api. */
export const DETAIL_CACHE_BYTES = 24 * 1024 * 1024;

export interface KeptDetail {
  /** The record's version in the answer (its ETag): as of the time asked, for an as-of detail. */
  version: number;
  /** The stream's version when it was built: kept while the stream has no later event. */
  streamVersion: number;
  day: string;
  accountId: string;
  /** The detail as JSON in UTF-8, sent as it is (a field user's is parsed again and shown without money). */
  json: Buffer;
}

const caches = new WeakMap<ApiContext, Map<string, KeptDetail>>();

function cacheOf(ctx: ApiContext): Map<string, KeptDetail> {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = new Map()));
  return c;
}

/** The kept detail under `key` when its stream has no later event and the account and day are the same, else null. */
async function keptDetail(ctx: ApiContext, key: string, stream: string, accountId: string, day: string): Promise<KeptDetail | null> {
  const cache = cacheOf(ctx);
  const kept = cache.get(key);
  if (!kept || kept.day !== day || kept.accountId !== accountId) return null;
  if ((await ctx.store.streamVersion(stream)) !== kept.streamVersion) {
    cache.delete(key);
    return null;
  }
  // Read again: the most recently read goes last (a Map keeps insertion order).
  cache.delete(key);
  cache.set(key, kept);
  return kept;
}

/** Keep a built detail (a long record's only). */
function keepDetail(ctx: ApiContext, key: string, kept: KeptDetail): void {
  if (kept.streamVersion < DETAIL_CACHE_MIN_EVENTS || kept.json.length > DETAIL_CACHE_BYTES) return;
  const cache = cacheOf(ctx);
  cache.delete(key);
  cache.set(key, kept);
  keepWithin(cache);
}

export interface DetailAsked {
  stream: string;
  accountId: string;
  day: string;
  /** The time asked for (`?as_of=` as sent), or none for the record as it stands. */
  asOf?: string;
}

/**
 * A record's detail as JSON, kept or built: `build` folds the stream (as of the time asked) and
 * answers its version and body. The stream's version is read before an as-of build, so an event
 * appended meanwhile makes the next read build again.
 */
export async function detailJson(ctx: ApiContext, asked: DetailAsked, build: () => Promise<{ version: number; body: object }>): Promise<{ version: number; json: Buffer }> {
  const key = asked.asOf === undefined ? asked.stream : `${asked.stream}@${asked.asOf}`;
  const kept = await keptDetail(ctx, key, asked.stream, asked.accountId, asked.day);
  if (kept) return kept;
  const head = asked.asOf === undefined ? undefined : await ctx.store.streamVersion(asked.stream);
  const built = await build();
  const json = Buffer.from(JSON.stringify(built.body));
  keepDetail(ctx, key, { version: built.version, streamVersion: head ?? built.version, day: asked.day, accountId: asked.accountId, json });
  return { version: built.version, json };
}

/** Drops the least recently read (a Map's first) until the kept answers are within both bounds. */
export function keepWithin(cache: Map<string, KeptDetail>, bounds = { records: DETAIL_CACHE_RECORDS, bytes: DETAIL_CACHE_BYTES }): void {
  let bytes = 0;
  for (const k of cache.values()) bytes += k.json.length;
  for (const [oldest, k] of cache) {
    if (cache.size <= bounds.records && bytes <= bounds.bytes) break;
    cache.delete(oldest);
    bytes -= k.json.length;
  }
}
