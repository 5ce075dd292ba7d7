/**
 * The write side's tables in Postgres. They are kept whichever adapter stores the events, because
 * record ids always come from Postgres:
 * - events: the Postgres adapter's store (ARCHITECTURE.md "Event store"). Three indexes, one per
 *   guarantee: the key in $all's order, one event id, one event per stream version.
 * - record_id_seq / record_index: every record id (child lines too) and the stream that holds it,
 *   written when the id is handed out, so `PUT /api/bids/items/{id}` finds its bid.
 * - account_records: the account's one record of a kind (its settings, its SVA rate sheet, each
 *   document counter), so every request finds the same stream.
 * - unique_claims: keys no two live records of an account may share (crew names, coordinator codes),
 *   claimed in the transaction that appends the record's events.
 * - snapshots: the folded state of records whose writers serialise on it (document counters): the
 *   row lock orders concurrent writers, and deciding from it avoids folding a long stream.
 * - record_snapshots: every record's fold at some versions (one row per version kept), written with the
 *   append that crosses a multiple of N; reads start from the newest (or, as of a time, the newest
 *   whose events are all no later than it). `schema` names the fold's code: another one is ignored.
 * - events.hash: the chain (docs/audit.md): sha256(the stream's previous hash, 32 zero bytes for the first
 *   || event_content(...)), written by the append itself (postgres.ts), not a trigger, so a row an intruder
 *   inserts by SQL has none. Stores made before get theirs once (event_chain_backfill), never again: a
 *   later backfill would bless rows inserted by hand.
 * - history_anchors: an account's anchors (anchors.ts), kept beside the events they vouch for: they are
 *   facts of the write side, not a read model a replay rebuilds.
 * Idempotent: safe to run at every start.
 */
import type pg from 'pg';

export const eventStoreSchemaSql = `
create table if not exists events (
  global_position bigint generated always as identity,
  transaction_id  xid8 not null default pg_current_xact_id(),
  event_id        uuid not null unique,
  stream_id       text not null,
  stream_version  integer not null,
  type            text not null,
  data            jsonb not null,
  metadata        jsonb not null,
  account_id      bigint,
  recorded_at     timestamptz not null default clock_timestamp(),
  unique (stream_id, stream_version),
  -- $all's order is the key: one index serves readers and keeps positions unique.
  constraint events_pkey primary key (transaction_id, global_position)
);
-- Stores made when global_position alone was the key and $all's order a second index: one index fewer per append.
do $$ begin
  if (select indnatts from pg_index where indexrelid = 'events_pkey'::regclass) = 1 then
    alter table events drop constraint events_pkey;
    alter table events add constraint events_pkey primary key (transaction_id, global_position);
  end if;
end $$;
drop index if exists events_all_order;

create sequence if not exists record_id_seq;
create table if not exists record_index (
  id         bigint primary key,
  kind       text not null,
  stream_id  text not null,
  account_id bigint not null,
  created_at timestamptz not null default now()
);
create index if not exists record_index_stream on record_index (stream_id);

create table if not exists account_records (
  account_id bigint not null,
  key        text not null,
  id         bigint not null,
  primary key (account_id, key)
);
create table if not exists unique_claims (
  account_id bigint not null,
  scope      text not null,
  key        text not null,
  record_id  bigint not null,
  primary key (account_id, scope, key)
);
create index if not exists unique_claims_record on unique_claims (record_id);
create table if not exists snapshots (
  stream_id text primary key,
  version   integer not null,
  state     jsonb not null
);
-- The fold's code and the latest event time folded, so the counters' row can seed a kept snapshot.
alter table snapshots add column if not exists schema text;
alter table snapshots add column if not exists max_at text;
create table if not exists record_snapshots (
  stream_id     text not null,
  version       integer not null,
  schema        text not null,
  -- The stream's event at this version: a snapshot whose event is not in the stream is ignored.
  last_event_id text not null,
  -- The latest event time folded in (ISO text, compared as the fold compares as_of).
  max_at        text not null,
  -- json, not jsonb: read back with its keys in the fold's order.
  state         json not null,
  primary key (stream_id, version)
);

alter table events add column if not exists hash bytea;
-- The event's content in one canonical text: jsonb's text is canonical; quoted strings keep fields apart.
create or replace function event_content(event_id uuid, stream_id text, stream_version integer, type text, data jsonb, metadata jsonb, account_id bigint)
  returns bytea language sql stable parallel safe
  as $f$ select convert_to(event_id::text || E'\\n' || quote_literal(stream_id) || E'\\n' || stream_version::text || E'\\n' || quote_literal(type)
                           || E'\\n' || data::text || E'\\n' || metadata::text || E'\\n' || coalesce(account_id::text, ''), 'UTF8') $f$;
-- One link: sha256(previous hash || content); the first of a chain starts from 32 zero bytes.
create or replace function event_chain_step(state bytea, seed bytea, content bytea)
  returns bytea language sql immutable parallel safe
  as $f$ select sha256(coalesce(state, seed, '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea) || content) $f$;
-- A running chain over ordered rows (a multi-event append, the backfill, an anchor's heads).
create or replace aggregate event_chain(bytea, bytea) (sfunc = event_chain_step, stype = bytea);
create table if not exists event_chain_backfill (
  id   integer primary key check (id = 1),
  done timestamptz not null default now()
);
do $$ begin
  if not exists (select from event_chain_backfill) then
    update events e set hash = c.h
      from (select transaction_id, global_position,
                   event_chain(null, event_content(event_id, stream_id, stream_version, type, data, metadata, account_id))
                     over (partition by stream_id order by stream_version) as h
              from events) c
     where e.transaction_id = c.transaction_id and e.global_position = c.global_position;
    insert into event_chain_backfill (id) values (1);
  end if;
end $$;

create table if not exists history_anchors (
  account_id bigint not null,
  -- The $all position the anchor stands at ('transaction:global', as positions are everywhere).
  position   text not null,
  events     integer not null,
  streams    integer not null,
  hash       bytea not null,
  made_at    timestamptz not null default now(),
  primary key (account_id, position)
);
`;

export async function migrateEventStore(pool: pg.Pool | pg.Client): Promise<void> {
  // One migrator at a time (npm start, tests, replays may start together).
  await pool.query('select pg_advisory_lock(7263001)');
  try {
    await pool.query(eventStoreSchemaSql);
  } finally {
    await pool.query('select pg_advisory_unlock(7263001)');
  }
}
