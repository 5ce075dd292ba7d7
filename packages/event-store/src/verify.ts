/**
 * Walks the hash chain (docs/audit.md) of one account's events or the whole store, in batches in
 * (stream, version) order, so nothing but one batch's answer is held in memory: each event must follow
 * its stream's previous version and carry sha256(previous hash || its content). Then every kept anchor
 * (and one kept outside, when given) is computed again at its position and compared.
 */
import type pg from 'pg';
import { anchorAt, comparePositionText, keptAnchors, positionParts } from './anchors.ts';

export interface BrokenAt {
  /** The $all position of the event found broken, or the anchor's position ('transaction:global'). */
  position: string;
  /** The event's stream; null when an anchor no longer matches (some event up to its position changed). */
  stream: string | null;
  reason: string;
}

export interface HistoryCheck {
  ok: boolean;
  events_checked: number;
  anchors_checked: number;
  /** The lowest position found broken. */
  first_broken: BrokenAt | null;
}

export interface VerifyOptions {
  /** One account; null or absent walks every event in the store. */
  accountId?: string | null;
  /** An anchor kept outside the database (the mailed one); needs accountId. */
  anchor?: { position: string; hash: string } | null;
  batchSize?: number;
}

const BATCH = 5000;

/**
 * One batch after (stream, version) $1/$2 whose last event's hash is $3, judged in SQL: only the count,
 * the last event and the batch's lowest broken event come back.
 */
const BATCH_SQL = `with prior as (
     select $1::text as stream_id, $2::int as stream_version, $3::bytea as hash, null::xid8 as transaction_id, null::bigint as global_position, null::bytea as content, 0 as k
   ), batch as (
     select stream_id, stream_version, hash, transaction_id, global_position,
            event_content(event_id, stream_id, stream_version, type, data, metadata, account_id) as content, 1 as k
       from events
      where (stream_id, stream_version) > ($1::text, $2::int) and ($4::bigint is null or account_id = $4::bigint)
      order by stream_id, stream_version
      limit $5
   ), linked as (
     select b.*, lag(b.stream_id) over w as p_stream, lag(b.stream_version) over w as p_version, lag(b.hash) over w as p_hash
       from (select * from prior union all select * from batch) b
     window w as (order by b.k, b.stream_id, b.stream_version)
   ), judged as (
     select *, case
         when stream_version < 1 then 'version ' || stream_version || ' is out of place (inserted by SQL)'
         when stream_version > 1 and (p_stream is distinct from stream_id or p_version <> stream_version - 1)
           then 'version ' || (stream_version - 1) || ' is missing before it (an event deleted, or this one inserted by SQL)'
         when hash is null then 'the event has no hash (inserted by SQL)'
         when hash <> event_chain_step(null, case when stream_version = 1 then null else p_hash end, content)
           then 'the hash does not match the event (edited by SQL)'
       end as reason
       from linked where k = 1
   )
   select (select count(*)::int from judged) as n,
          last.stream_id as last_stream, last.stream_version as last_version, last.hash as last_hash,
          broken.position, broken.stream_id as broken_stream, broken.reason
     from (values (1)) one(x)
     left join lateral (select stream_id, stream_version, hash from judged order by stream_id desc, stream_version desc limit 1) last on true
     left join lateral (select transaction_id::text || ':' || global_position::text as position, stream_id, reason from judged
                         where reason is not null order by transaction_id, global_position limit 1) broken on true`;

interface BatchRow {
  n: number;
  last_stream: string | null;
  last_version: number | null;
  last_hash: Buffer | null;
  position: string | null;
  broken_stream: string | null;
  reason: string | null;
}

const lower = (a: BrokenAt | null, b: BrokenAt | null) => (!a ? b : !b ? a : comparePositionText(b.position, a.position) < 0 ? b : a);

/** The chain and the anchors of one account (or every account), with the lowest position found broken. */
export async function verifyHistory(db: pg.Pool | pg.ClientBase, o: VerifyOptions = {}): Promise<HistoryCheck> {
  const accountId = o.accountId ?? null;
  const batchSize = o.batchSize ?? BATCH;
  let firstBroken: BrokenAt | null = null;
  let checked = 0;
  let after: [string, number, Buffer | null] = ['', -2147483648, null];
  for (;;) {
    const { rows: [r] } = await db.query<BatchRow>({ name: 'trenchline_verify_batch', text: BATCH_SQL, values: [...after, accountId, batchSize] });
    checked += r.n;
    if (r.position) firstBroken = lower(firstBroken, { position: r.position, stream: r.broken_stream, reason: r.reason! });
    if (r.n < batchSize || r.last_stream === null) break;
    after = [r.last_stream, r.last_version!, r.last_hash];
  }

  const anchors = await keptAnchors(db, accountId);
  if (o.anchor) {
    if (!accountId) throw new Error('an anchor kept outside is checked against one account');
    positionParts(o.anchor.position);
    anchors.push({ accountId, position: o.anchor.position, hash: o.anchor.hash.toLowerCase(), events: -1, streams: -1 });
  }
  for (const kept of anchors) {
    const now = await anchorAt(db, kept.accountId, kept.position);
    const differs = now.hash !== kept.hash ? `its hash is now ${now.hash}, not the ${kept.hash} kept` : kept.events >= 0 && now.events !== kept.events ? `${now.events} events stand up to it, not the ${kept.events} kept` : null;
    if (differs) firstBroken = lower(firstBroken, { position: kept.position, stream: null, reason: `the anchor of account ${kept.accountId} at ${kept.position} does not match: ${differs} (history up to it was rewritten)` });
  }
  return { ok: firstBroken === null, events_checked: checked, anchors_checked: anchors.length, first_broken: firstBroken };
}
