/**
 * Record ids (ARCHITECTURE.md "Event store"): every id, of an aggregate or of a child line, comes from
 * `record_id_seq` and gets a `record_index` row naming its kind, the stream that holds it and its
 * account, so `PUT /api/bids/items/{id}` finds its bid. Ids are bigints handed out as strings.
 *
 * Usage: a new bid and its first two lines
 *   const [bidId] = await allocateIds(db, { kind: 'bid', accountId });               // stream bid-<bidId>
 *   const itemIds = await allocateIds(db, { kind: 'bid_items', accountId, streamId: streamName('bid', bidId), count: 2 });
 * Pass a transaction's client to roll the index rows back with a failed command (the ids stay burnt).
 */
import type pg from 'pg';

export type Queryable = pg.Pool | pg.ClientBase;

export interface AllocateIdsRequest {
  /** An aggregate ('bid') or a collection of child lines ('bid_items'). */
  kind: string;
  accountId: string;
  /** The stream that holds the records. Absent: each id is a new aggregate, in stream `<kind>-<id>`. */
  streamId?: string;
  /** How many ids; 1 when absent. */
  count?: number;
}

export interface RecordLocation {
  id: string;
  kind: string;
  streamId: string;
}

/** Take `count` ids from the sequence and index them, in one statement. Ids come back ascending. */
export async function allocateIds(db: Queryable, request: AllocateIdsRequest): Promise<string[]> {
  const { kind, accountId, streamId = null, count = 1 } = request;
  if (!Number.isInteger(count) || count < 0) throw new Error(`allocateIds: count must be a non-negative integer, got ${count}`);
  if (count === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `with ids as (select nextval('record_id_seq') as id from generate_series(1, $1::int))
     insert into record_index (id, kind, stream_id, account_id)
     -- the default stream is port.ts streamName(kind, id)
     select id, $2, coalesce($3::text, $2 || '-' || id), $4::bigint from ids
     returning id::text as id`,
    [count, kind, streamId, accountId],
  );
  return rows.map((r) => r.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
}

/** One id; see allocateIds. */
export async function allocateId(db: Queryable, request: Omit<AllocateIdsRequest, 'count'>): Promise<string> {
  const [id] = await allocateIds(db, { ...request, count: 1 });
  return id;
}

/** Where a record lives; null when unknown, malformed, or another account's (no existence leak). */
export async function findRecord(db: Queryable, id: string, accountId: string): Promise<RecordLocation | null> {
  if (!/^\d{1,18}$/.test(id) || !/^\d{1,18}$/.test(accountId)) return null;
  const { rows } = await db.query<RecordLocation>(
    `select id::text as id, kind, stream_id as "streamId" from record_index where id = $1::bigint and account_id = $2::bigint`,
    [id, accountId],
  );
  return rows[0] ?? null;
}
