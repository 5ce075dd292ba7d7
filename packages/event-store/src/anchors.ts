/**
 * An account's anchor (docs/audit.md): one sha256 over the heads of the account's streams (stream id,
 * version and hash, in stream id order, "C" collation) at a position of $all, with the count of events
 * up to it. Each head's hash vouches for its whole stream, so the anchor vouches for the account's
 * history to that position: kept somewhere the database's users cannot reach (a mail), it shows a
 * chain rewritten consistently by SQL.
 */
import type pg from 'pg';

export interface Anchor {
  accountId: string;
  /** The $all position the anchor stands at ('transaction:global'). */
  position: string;
  /** The account's events up to and at that position. */
  events: number;
  streams: number;
  /** Hex sha256. */
  hash: string;
}

type Db = pg.Pool | pg.ClientBase;

/** Position halves, validated: a bad one is an error, not a SQL cast failure. */
export function positionParts(position: string): [string, string] {
  const m = /^(\d{1,20}):(\d{1,20})$/.exec(position);
  if (!m) throw new Error(`invalid event store position: ${JSON.stringify(position)}`);
  return [m[1], m[2]];
}

/** Orders 'transaction:global' positions as $all does. */
export function comparePositionText(a: string, b: string): number {
  const [at, ag] = positionParts(a).map(BigInt);
  const [bt, bg] = positionParts(b).map(BigInt);
  return at !== bt ? (at < bt ? -1 : 1) : ag === bg ? 0 : ag < bg ? -1 : 1;
}

/** sha256 of nothing: the anchor of an account without events. */
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The account's anchor at `position`, computed from the events as they are now. */
export async function anchorAt(db: Db, accountId: string, position: string): Promise<Anchor> {
  const [tx, gp] = positionParts(position);
  const { rows } = await db.query<{ hash: string | null; streams: number; events: number }>(
    `with upto as (
       select stream_id, stream_version, hash from events
        where account_id = $1::bigint and (transaction_id, global_position) <= ($2::xid8, $3::bigint)
     ), heads as (
       select distinct on (stream_id) stream_id, stream_version, hash from upto order by stream_id, stream_version desc
     )
     select encode(event_chain(null, convert_to(quote_literal(stream_id) || ' ' || stream_version || ' ' || coalesce(encode(hash, 'hex'), '-'), 'UTF8')
                   order by stream_id collate "C"), 'hex') as hash,
            count(*)::int as streams, (select count(*)::int from upto) as events
       from heads`,
    [accountId, tx, gp],
  );
  const r = rows[0];
  return { accountId, position, events: r.events, streams: r.streams, hash: r.hash ?? EMPTY };
}

/**
 * The account's anchor at the store's last position once every transaction up to it has ended, so
 * nothing can still land at or before it. The horizon is the server's: a long transaction anywhere on it
 * holds it back, so after `waitMs` the anchor stands at the newest readable position instead.
 */
export async function currentAnchor(db: Db, accountId: string, o: { waitMs?: number } = {}): Promise<Anchor> {
  const { rows: [last] } = await db.query<{ position: string | null }>(
    `select transaction_id::text || ':' || global_position::text as position from events order by transaction_id desc, global_position desc limit 1`,
  );
  if (!last) return anchorAt(db, accountId, '0:0');
  const [tx] = positionParts(last.position!);
  for (const deadline = Date.now() + (o.waitMs ?? 60_000); Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const { rows } = await db.query<{ ended: boolean }>('select pg_snapshot_xmin(pg_current_snapshot()) > $1::xid8 as ended', [tx]);
    if (rows[0].ended) return anchorAt(db, accountId, last.position!);
  }
  const { rows: [readable] } = await db.query<{ position: string }>(
    `select transaction_id::text || ':' || global_position::text as position from events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id desc, global_position desc limit 1`,
  );
  return anchorAt(db, accountId, readable?.position ?? '0:0');
}

/** Keeps an anchor in history_anchors (once per account and position); `madeAt` from the caller's clock. */
export async function keepAnchor(db: Db, anchor: Anchor, madeAt: Date = new Date()): Promise<void> {
  await db.query(
    `insert into history_anchors (account_id, position, events, streams, hash, made_at) values ($1, $2, $3, $4, decode($5, 'hex'), $6)
     on conflict (account_id, position) do nothing`,
    [anchor.accountId, anchor.position, anchor.events, anchor.streams, anchor.hash, madeAt],
  );
}

/** The account's current anchor, kept. */
export async function makeAnchor(db: Db, accountId: string): Promise<Anchor> {
  const anchor = await currentAnchor(db, accountId);
  await keepAnchor(db, anchor);
  return anchor;
}

/**
 * Every anchor kept for the account (or every account): the history_anchors rows and the
 * HistoryAnchored events of the settings records, so deleting one copy is not enough to hide.
 */
export async function keptAnchors(db: Db, accountId: string | null): Promise<Anchor[]> {
  const { rows } = await db.query<{ account_id: string; position: string; events: number; streams: number; hash: string }>(
    `select distinct account_id::text, position, events, streams, hash from (
       select account_id, position, events, streams, encode(hash, 'hex') as hash from history_anchors
        where $1::bigint is null or account_id = $1::bigint
       union all
       select account_id, data->>'position', (data->>'events')::int, (data->>'streams')::int, data->>'hash' from events
        where type = 'HistoryAnchored' and ($1::bigint is null or account_id = $1::bigint)
          and data->>'position' ~ '^[0-9]+:[0-9]+$' and data->>'hash' ~ '^[0-9a-f]{64}$'
     ) a order by 1, 2`,
    [accountId],
  );
  return rows.map((r) => ({ accountId: r.account_id, position: r.position, events: r.events, streams: r.streams, hash: r.hash }));
}
