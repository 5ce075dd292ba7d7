/**
 * Kept snapshots (record_snapshots): a record's fold at some versions, so a read folds only the events
 * after the newest one, and an as-of read those after the newest one no later than its time. The
 * command handler keeps one in the append's transaction whenever a write crosses a multiple of
 * SNAPSHOT_EVERY; `rebuildSnapshots` makes them again from the streams (replay, a changed fold).
 * A snapshot counts only under its aggregate's current schema and when its last event is the stream's
 * event at that version: one that is not (an EventStoreDB append kept while Postgres rolled back) is
 * ignored and the stream folded instead.
 */
import pg from 'pg';
import { aggregateDef, fold, snapshotSchemaOf, type AggregateDef, type AnyState, type EditedMark } from '@trenchline/domain';
import { parseStreamName, type EventStore, type RecordedEvent } from '@trenchline/event-store';
import { inTransaction } from './transactions.ts';

/**
 * Every 100 events: a 5,000-event job then folds at most 99 events on a read (well under a
 * millisecond) while one append in 100 (or one batch in two of 50) pays for writing the state, and a
 * record's kept states stay at 1% of its events in number.
 */
export const SNAPSHOT_EVERY = 100;

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface Snapshot {
  version: number;
  state: AnyState;
  /** The latest event time folded in: an as-of read may start here only when it is no later than its time. */
  maxAt: string;
  /** The stream's event at `version`. */
  lastEventId: string;
}

/** Whether an append taking a stream from version `from` to `to` passes a multiple of SNAPSHOT_EVERY. */
export const crossesSnapshot = (from: number, to: number, every = SNAPSHOT_EVERY) => Math.floor(to / every) > Math.floor(from / every);

/** The latest event time among a snapshot's and some events' (ISO text, compared as as-of compares). */
export const latestAt = (at: string, events: readonly { meta: { at: string } }[]) => events.reduce((m, e) => (e.meta.at > m ? e.meta.at : m), at);

/**
 * The newest snapshot of the stream under `schema`: with `asOf`, the newest whose events are all no
 * later than it; with `atMost`, at that version or before.
 */
export async function nearestSnapshot(db: Queryable, stream: string, schema: string, opts: { asOf?: string; atMost?: number } = {}): Promise<Snapshot | null> {
  const params: unknown[] = [stream, schema];
  let where = '';
  if (opts.asOf !== undefined) where += ` and max_at <= $${params.push(opts.asOf)}`;
  if (opts.atMost !== undefined) where += ` and version <= $${params.push(opts.atMost)}`;
  const { rows } = await db.query<{ version: number; state: AnyState; max_at: string; last_event_id: string }>(
    `select version, state, max_at, last_event_id from record_snapshots
      where stream_id = $1 and schema = $2${where} order by version desc limit 1`,
    params,
  );
  const r = rows[0];
  return r ? { version: r.version, state: r.state, maxAt: r.max_at, lastEventId: r.last_event_id } : null;
}

/** Keep a snapshot (in the caller's transaction, with the append it folds). */
export async function keepSnapshot(db: Queryable, stream: string, schema: string, s: Snapshot): Promise<void> {
  await keepSnapshots(db, [{ stream, schema, ...s }]);
}

type Row = Snapshot & { stream: string; schema: string };

/** Several snapshots in one statement; one kept again at the same version replaces it. */
async function keepSnapshots(db: Queryable, rows: readonly Row[]): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `insert into record_snapshots (stream_id, version, schema, last_event_id, max_at, state)
     select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::json[])
     on conflict (stream_id, version) do update
       set schema = excluded.schema, last_event_id = excluded.last_event_id, max_at = excluded.max_at, state = excluded.state`,
    [rows.map((r) => r.stream), rows.map((r) => r.version), rows.map((r) => r.schema), rows.map((r) => r.lastEventId), rows.map((r) => r.maxAt), rows.map((r) => JSON.stringify(r.state))],
  );
}

/** A stream's events as evolve reads them (with their versions). */
export const foldable = (events: readonly RecordedEvent[]) =>
  events.map((e) => ({ type: e.type, data: e.data, meta: { at: e.meta.at, userId: e.meta.userId, userName: e.meta.userName, version: e.version, edited: (e.meta as { edited?: EditedMark | null }).edited } }));

/** Every snapshot a stream should keep: its fold at each multiple of SNAPSHOT_EVERY. */
export function snapshotsOf(def: AggregateDef, stream: string, events: readonly RecordedEvent[], every = SNAPSHOT_EVERY): Row[] {
  const out: Row[] = [];
  const schema = snapshotSchemaOf(def);
  let state = def.decider.initialState;
  let maxAt = '';
  for (let from = 0; from + every <= events.length; from += every) {
    const chunk = events.slice(from, from + every);
    state = fold({ initialState: state, evolve: def.decider.evolve }, foldable(chunk));
    maxAt = latestAt(maxAt, chunk);
    const last = chunk[chunk.length - 1];
    out.push({ stream, schema, version: last.version, state, maxAt, lastEventId: last.eventId });
  }
  return out;
}

export interface RebuildOptions {
  pool: pg.Pool;
  store: EventStore;
  /** Streams read and written per transaction. */
  batch?: number;
  /** Keep the fold at each multiple of this (the command handler's `snapshotEvery`). */
  every?: number;
  log?: (line: string) => void;
}

/**
 * Make every record's snapshots again from its stream (after a replay, or when a fold changed and its
 * schema was bumped): each stream with at least SNAPSHOT_EVERY events is read and folded, its old
 * snapshots (any schema) are replaced in one transaction per batch of streams. Streams of unknown
 * aggregates are left alone. Writers may keep appending meanwhile: a snapshot either writes is the fold.
 */
export async function rebuildSnapshots({ pool, store, batch = 50, every = SNAPSHOT_EVERY, log }: RebuildOptions): Promise<{ streams: number; snapshots: number; seconds: number }> {
  const started = performance.now();
  const streams = await longStreams(pool, store, every);
  let snapshots = 0;
  for (let i = 0; i < streams.length; i += batch) {
    const some = streams.slice(i, i + batch);
    const rows: Row[] = [];
    for (const stream of some) {
      let def: AggregateDef;
      try {
        def = aggregateDef(parseStreamName(stream).aggregate);
      } catch {
        continue;
      }
      rows.push(...snapshotsOf(def, stream, await store.readStream(stream), every));
    }
    await inTransaction(pool, async (client) => {
      await client.query('delete from record_snapshots where stream_id = any($1::text[])', [some]);
      await keepSnapshots(client, rows);
    });
    snapshots += rows.length;
  }
  const seconds = (performance.now() - started) / 1000;
  log?.(`rebuilt ${snapshots} snapshots of ${streams.length} streams in ${seconds.toFixed(1)} s`);
  return { streams: streams.length, snapshots, seconds };
}

/**
 * The streams long enough to keep a snapshot: counted in the events table when Postgres holds them,
 * else every record's stream (record_index) and those with a snapshot already.
 */
async function longStreams(pool: pg.Pool, store: EventStore, every: number): Promise<string[]> {
  return inTransaction(pool, async (client) => {
    // One pass over every event (or every record): longer than the app's one-minute statement limit on
    // a large store. Read-only, so it takes no transaction id and holds no projection back.
    await client.query("set local statement_timeout = '15min'");
    const { rows } =
      store.kind === 'postgres'
        ? await client.query<{ stream_id: string }>('select stream_id from events group by stream_id having max(stream_version) >= $1 order by stream_id', [every])
        : await client.query<{ stream_id: string }>('select distinct stream_id from record_index union select distinct stream_id from record_snapshots order by stream_id');
    return rows.map((r) => r.stream_id);
  });
}
