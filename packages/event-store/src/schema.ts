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
