/**
 * The Postgres adapter of the EventStore port (ARCHITECTURE.md "Event store"): one `events` table
 * (schema.ts). `$all` is ordered by `(transaction_id, global_position)` and a reader only sees rows
 * whose transaction is older than every transaction still running, so a slow writer that commits late
 * is read in its place instead of being skipped.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Subscriptions, wakeUp } from './subscriptions.ts';
import { ANY_VERSION, ConcurrencyError, NO_STREAM, comparePairCursors, type AppendResult, type EventMetadata, type EventStore, type ExpectedVersion, type HoldingTransaction, type Lag, type NewEvent, type ReadAllOptions, type ReadStreamOptions, type RecordedEvent } from './port.ts';

/** The channel appends notify (delivered by Postgres when the appending transaction commits). */
export const EVENTS_CHANNEL = 'trenchline_events';

/** Where the Postgres adapter connects when neither a URL nor DATABASE_URL is given. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/trenchline';
/** Appends outside a caller's transaction wake listeners at most this often (see wakeListeners). */
const NOTIFY_EVERY_MS = 5;
/**
 * After a notification, the waits before onAppended looks again whether the last committed event is
 * readable yet (an older transaction still running hides it: VISIBLE), the last one repeated until it
 * is; it then wakes the listener, instead of at the next poll up to a second on.
 */
const HELD_BACK_LOOKS_MS = [5, 10, 20, 40, 80, 160, 320];
/** ANY_VERSION appends retry when a concurrent writer took the same versions. */
const ANY_VERSION_ATTEMPTS = 10;
const UNIQUE_VIOLATION = '23505';
const STREAM_VERSION_CONSTRAINT = 'events_stream_id_stream_version_key';

// Bigints are cast to text in SQL so the result does not depend on which int8 parser is installed.
const EVENT_COLUMNS = `event_id, stream_id, stream_version, transaction_id::text as tx, global_position::text as gp,
  type, data, metadata`;
/** Rows of transactions older than every running one: nothing can still commit before them. */
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
/** Committed rows not readable yet: a transaction older than theirs still runs. */
const HELD_BACK = 'transaction_id >= pg_snapshot_xmin(pg_current_snapshot())';

interface EventRow {
  event_id: string;
  stream_id: string;
  stream_version: number;
  tx: string;
  gp: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const toRecorded = (r: EventRow): RecordedEvent => ({
  eventId: r.event_id,
  streamId: r.stream_id,
  version: r.stream_version,
  position: `${r.tx}:${r.gp}`,
  type: r.type,
  data: r.data,
  meta: r.metadata,
});

/** A cursor as its two halves, validated so a bad one is an error rather than a SQL cast failure. */
function parsePosition(position: string): [string, string] {
  const m = /^(\d+):(\d+)$/.exec(position);
  if (!m) throw new Error(`invalid event store position: ${JSON.stringify(position)}`);
  return [m[1], m[2]];
}

/** account_id is a bigint column; a non-numeric accountId stays only in metadata. */
const accountIdColumn = (meta: EventMetadata) => (/^\d{1,18}$/.test(meta?.accountId ?? '') ? meta.accountId : null);

/**
 * Where an append's rows come from, their parameters from $p on: one event (the usual append) as typed
 * parameters, or any number as one JSON array (one stringify in Node, one parse in Postgres; parsing it
 * costs ~12 µs more than typed parameters, so a single event does without).
 */
const ONE_EVENT = (p: number) =>
  `(values ($${p}::uuid, $${p + 1}::text, $${p + 2}::jsonb, $${p + 3}::jsonb, $${p + 4}::bigint, 1::bigint)) as n(event_id, type, data, metadata, account_id, rel)`;
const EVENTS = (p: number) =>
  `rows from (json_to_recordset($${p}::json) as (event_id uuid, type text, data jsonb, metadata jsonb, account_id bigint))
            with ordinality as n(event_id, type, data, metadata, account_id, rel)`;

/** The chained hash of each new row (docs/audit.md): one event links to the head directly; several link in order, in the same statement. */
const CONTENT = (version: string) => `event_content(n.event_id, $1, ${version}, n.type, coalesce(n.data, 'null'), n.metadata, n.account_id)`;
const LINK = {
  one: (seed: string, version: string) => `event_chain_step(null, ${seed}, ${CONTENT(version)})`,
  many: (seed: string, version: string) => `event_chain(${seed}, ${CONTENT(version)}) over (order by n.rel)`,
};
type Shape = keyof typeof LINK;

/**
 * The append, one statement prepared once per connection (planning this CTE cost twice a plain
 * INSERT's execution): the head's version and hash read and the version checked, and the events
 * inserted, each chained to the one before. No row is inserted on a wrong expected version ($2; null
 * for ANY_VERSION): `version` is then null and `actual` says what the stream holds. Data that is
 * absent is JSON null, as it always was.
 */
const appendSql = (source: string, shape: Shape, o: { notify?: boolean } = {}) => `with head as (
     select coalesce(h.stream_version, 0)::int as v, h.hash
       from (values (1)) one(x)
       left join lateral (select stream_version, hash from events where stream_id = $1 order by stream_version desc limit 1) h on true
   ),
   ins as (
     insert into events (event_id, stream_id, stream_version, type, data, metadata, account_id, hash)
     select n.event_id, $1, head.v + n.rel::int, n.type, coalesce(n.data, 'null'), n.metadata, n.account_id,
            ${LINK[shape]('head.hash', 'head.v + n.rel::int')}
       from head, ${source}
      where $2::int is null or head.v = $2::int
      order by n.rel
     returning stream_version, transaction_id, global_position
   )
   select head.v as actual, last.stream_version as version, last.transaction_id::text || ':' || last.global_position::text as position${o.notify ? `,
          pg_notify('${EVENTS_CHANNEL}', '') as notified` : ''}
     from head left join lateral (select * from ins order by stream_version desc limit 1) last on true`;

/**
 * A new stream's append skips reading the head: its events are versions 1..n, and if the stream
 * exists the unique (stream_id, stream_version) refuses version 1, which is the concurrency check.
 * Autocommitted only: the unique violation would abort a caller's transaction.
 */
const newStreamSql = (source: string, shape: Shape) => `with ins as (
     insert into events (event_id, stream_id, stream_version, type, data, metadata, account_id, hash)
     select n.event_id, $1, n.rel::int, n.type, coalesce(n.data, 'null'), n.metadata, n.account_id,
            ${LINK[shape]('null::bytea', 'n.rel::int')}
       from ${source}
      order by n.rel
     returning stream_version, transaction_id, global_position
   )
   select 0 as actual, stream_version as version, transaction_id::text || ':' || global_position::text as position
     from ins order by stream_version desc limit 1`;

const APPEND = {
  one: { name: 'trenchline_append_one_v4', text: appendSql(ONE_EVENT(3), 'one') },
  many: { name: 'trenchline_append_v4', text: appendSql(EVENTS(3), 'many') },
};
/**
 * The append inside a caller's transaction, with its NOTIFY in the same statement: Postgres delivers it
 * at the caller's commit, so listeners wake once the events exist, and a save spends no round trip of
 * its own on it (a separate `select pg_notify` was one of a save's nine statements).
 */
const APPEND_WITHIN = {
  one: { name: 'trenchline_append_within_one_v4', text: appendSql(ONE_EVENT(3), 'one', { notify: true }) },
  many: { name: 'trenchline_append_within_v4', text: appendSql(EVENTS(3), 'many', { notify: true }) },
};
const APPEND_NEW_STREAM = {
  one: { name: 'trenchline_append_new_one_v4', text: newStreamSql(ONE_EVENT(2), 'one') },
  many: { name: 'trenchline_append_new_v4', text: newStreamSql(EVENTS(2), 'many') },
};

interface AppendRow {
  actual: number;
  version: number | null;
  position: string | null;
}

/** The events as the append statements' parameters: typed for one event, one JSON array for more. */
function eventParams(events: NewEvent[]): { shape: 'one' | 'many'; values: unknown[] } {
  if (events.length === 1) {
    const [e] = events;
    return { shape: 'one', values: [e.eventId ?? randomUUID(), e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.meta), accountIdColumn(e.meta)] };
  }
  const rows = events.map((e) => ({ event_id: e.eventId ?? randomUUID(), type: e.type, data: e.data ?? null, metadata: e.meta, account_id: accountIdColumn(e.meta) }));
  return { shape: 'many', values: [JSON.stringify(rows)] };
}

/** Runs an append statement; a unique violation on the stream's versions is another writer's win. */
async function runAppend(
  db: pg.ClientBase | pg.Pool,
  statement: { name: string; text: string },
  values: unknown[],
  streamId: string,
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  let row: AppendRow;
  try {
    ({ rows: [row] } = await db.query<AppendRow>({ ...statement, values }));
  } catch (e) {
    const err = e as pg.DatabaseError;
    if (err.code === UNIQUE_VIOLATION && err.constraint === STREAM_VERSION_CONSTRAINT) throw new ConcurrencyError(streamId, expectedVersion, null);
    throw e;
  }
  if (!row || row.version === null || row.position === null) throw new ConcurrencyError(streamId, expectedVersion, row?.actual ?? null);
  return { version: row.version, position: row.position };
}

async function headOf(db: pg.ClientBase | pg.Pool, streamId: string): Promise<AppendResult> {
  const { rows } = await db.query<{ v: number; tx: string; gp: string }>(
    `select stream_version as v, transaction_id::text as tx, global_position::text as gp
       from events where stream_id = $1 order by stream_version desc limit 1`,
    [streamId],
  );
  return rows[0] ? { version: rows[0].v, position: `${rows[0].tx}:${rows[0].gp}` } : { version: 0, position: '0:0' };
}

/**
 * Append inside a transaction the caller owns (BEGIN/COMMIT are theirs), so other writes such as
 * record_index rows can commit atomically with the events. Throws ConcurrencyError on a wrong expected
 * version; after a unique violation (a concurrent writer) the caller's transaction is aborted and must
 * be rolled back.
 */
export async function appendEventsInTransaction(
  client: pg.ClientBase,
  streamId: string,
  events: NewEvent[],
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  if (events.length === 0) {
    const head = await headOf(client, streamId);
    if (expectedVersion !== ANY_VERSION && expectedVersion !== head.version) throw new ConcurrencyError(streamId, expectedVersion, head.version);
    return head;
  }
  const expected = expectedVersion === ANY_VERSION ? null : expectedVersion;
  const { shape, values } = eventParams(events);
  return runAppend(client, APPEND_WITHIN[shape], [streamId, expected, ...values], streamId, expectedVersion);
}

export interface PostgresEventStoreOptions {
  /** Used when no pool is given; defaults to DATABASE_URL. */
  url?: string;
  /** A pool owned by the caller (close() leaves it open). */
  pool?: pg.Pool;
  /** Fallback wake-up period of onAppended, for events whose visibility a notification preceded. */
  pollIntervalMs?: number;
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly ownsPool: boolean;
  private readonly listenConfig: pg.ClientConfig;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Subscriptions();

  constructor(options: PostgresEventStoreOptions = {}) {
    const url = options.url ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
    if (options.pool) {
      this.pool = options.pool;
      this.ownsPool = false;
      this.listenConfig = options.url ? { connectionString: options.url } : { ...options.pool.options };
    } else {
      this.pool = new pg.Pool({ connectionString: url });
      this.ownsPool = true;
      this.listenConfig = { connectionString: url };
      // An idle client's error (server restart) would otherwise crash the process; the pool replaces it.
      this.pool.on('error', (e) => console.warn(`event store pool: ${e.message}`));
      // Likewise a checked-out client's (a multi-statement append): its next query fails instead.
      this.pool.on('connect', (client) => client.on('error', () => undefined));
    }
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    const { expectedVersion } = options;
    if (events.length === 0) {
      const head = await headOf(this.pool, streamId);
      if (expectedVersion !== ANY_VERSION && expectedVersion !== head.version) throw new ConcurrencyError(streamId, expectedVersion, head.version);
      return head;
    }
    const { shape, values } = eventParams(events);
    for (let attempt = 1; ; attempt++) {
      try {
        const result =
          expectedVersion === NO_STREAM
            ? await runAppend(this.pool, APPEND_NEW_STREAM[shape], [streamId, ...values], streamId, expectedVersion)
            : await runAppend(this.pool, APPEND[shape], [streamId, expectedVersion === ANY_VERSION ? null : expectedVersion, ...values], streamId, expectedVersion);
        this.wakeListeners();
        return result;
      } catch (e) {
        if (!(e instanceof ConcurrencyError) || e.actualVersion !== null) throw e;
        // A unique violation: ANY_VERSION just tries again on top of the winner's events.
        if (expectedVersion === ANY_VERSION && attempt < ANY_VERSION_ATTEMPTS) continue;
        // Report the version the winner left, for the 409 answer.
        throw new ConcurrencyError(streamId, expectedVersion, await this.streamVersion(streamId));
      }
    }
  }

  appendWithin(tx: pg.ClientBase, streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return appendEventsInTransaction(tx, streamId, events, expectedVersion);
  }

  private lastNotifyAt = -Infinity;
  private pendingNotify: NodeJS.Timeout | null = null;

  /**
   * NOTIFY after a commit, at most one per NOTIFY_EVERY_MS: the first append of a quiet spell wakes
   * listeners at once, a burst's later ones share one NOTIFY at the end of the window (one per append
   * cost a fifth of a single writer's time; a NOTIFY inside each append would also serialise every
   * commit on Postgres' notify queue lock). Fire and forget: a lost wake-up is covered by the
   * listeners' polling.
   */
  private wakeListeners(): void {
    if (this.pendingNotify) return;
    const wait = this.lastNotifyAt + NOTIFY_EVERY_MS - performance.now();
    if (wait <= 0) return this.notifyNow();
    this.pendingNotify = setTimeout(() => {
      this.pendingNotify = null;
      this.notifyNow();
    }, wait);
  }

  private notifyNow(): void {
    this.lastNotifyAt = performance.now();
    this.pool.query({ name: 'trenchline_notify', text: 'select pg_notify($1, $2)', values: [EVENTS_CHANNEL, ''] }).catch(() => undefined);
  }

  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ v: number }>(
      'select coalesce(max(stream_version), 0)::int as v from events where stream_id = $1',
      [streamId],
    );
    return rows[0].v;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const params: unknown[] = [streamId];
    let cut = '';
    if (options.toPosition !== undefined) {
      params.push(...parsePosition(options.toPosition));
      cut = 'and (transaction_id, global_position) <= ($2::xid8, $3::bigint)';
    }
    if (options.fromVersion !== undefined) {
      params.push(options.fromVersion);
      cut += ` and stream_version >= $${params.length}::int`;
    }
    const { rows } = await this.pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where stream_id = $1 ${cut} order by stream_version`,
      params,
    );
    return rows.map(toRecorded);
  }

  async readAll({ fromPosition, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll: limit must be a positive integer, got ${limit}`);
    const [tx, gp] = parsePosition(fromPosition ?? '0:0');
    const { rows } = await this.pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint) and ${VISIBLE}
        order by transaction_id, global_position
        limit $3`,
      [tx, gp, limit],
    );
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<string | null> {
    const { rows } = await this.pool.query<{ tx: string; gp: string }>(
      `select transaction_id::text as tx, global_position::text as gp from events
        where ${VISIBLE}
        order by transaction_id desc, global_position desc
        limit 1`,
    );
    return rows[0] ? `${rows[0].tx}:${rows[0].gp}` : null;
  }

  async lastPosition(): Promise<string | null> {
    const { rows } = await this.pool.query<{ tx: string; gp: string }>(
      'select transaction_id::text as tx, global_position::text as gp from events order by transaction_id desc, global_position desc limit 1',
    );
    return rows[0] ? `${rows[0].tx}:${rows[0].gp}` : null;
  }

  async lag(after: (string | null)[]): Promise<Lag[]> {
    if (!after.length) return [];
    for (const p of after) if (p !== null) parsePosition(p);
    // One round trip for every cursor: the committed events after each, readable (older than every
    // running transaction) or held back, and the age of the oldest of them. float8: milliseconds
    // overflow an int after 24 days (a projection that never ran, on an old store).
    const { rows } = await this.pool.query<{ behind: number; held_back: number; waiting_ms: number | null }>(
      `select b.behind, b.held_back, b.waiting_ms
         from unnest($1::text[]) with ordinality as p(position, i)
         cross join (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) h
         cross join lateral (
           select count(*) filter (where e.transaction_id < h.xmin)::int as behind,
                  count(*) filter (where e.transaction_id >= h.xmin)::int as held_back,
                  floor(extract(epoch from now() - min(e.recorded_at)) * 1000)::float8 as waiting_ms
             from events e
            where (e.transaction_id, e.global_position) > (split_part(coalesce(p.position, '0:0'), ':', 1)::xid8, split_part(coalesce(p.position, '0:0'), ':', 2)::bigint)
         ) b
        order by p.i`,
      [after],
    );
    return rows.map((r) => ({ behind: r.behind, heldBack: r.held_back, waitingMs: r.waiting_ms === null ? null : Math.max(0, r.waiting_ms) }));
  }

  /**
   * The oldest transaction holding an xid on the server, when committed events wait behind it. `$all`
   * is readable only below the oldest running transaction id (VISIBLE), and transaction ids are the
   * whole server's: the holder may run in another database, the app's or anyone's. Read-only
   * transactions take no id and hold nothing back; a prepared transaction keeps its id until it is
   * committed or rolled back, with no session. One statement, so the holder is the one of the moment.
   */
  async heldBackBy(): Promise<HoldingTransaction | null> {
    const { rows } = await this.pool.query<{
      pid: number | null; database: string | null; application: string | null; usr: string | null; state: string | null;
      age_ms: number | null; query: string | null; holding_ms: number;
    }>(
      `with held as (
         select e.recorded_at from events e
          where e.${HELD_BACK}
          order by e.transaction_id, e.global_position
          limit 1
       )
       select t.pid, t.database, t.application, t.usr, t.state,
              floor(extract(epoch from now() - t.xact_start) * 1000)::float8 as age_ms, left(t.query, 200) as query,
              floor(extract(epoch from now() - held.recorded_at) * 1000)::float8 as holding_ms
         from held
         left join lateral (
           select * from (
             select pid, datname::text as database, application_name as application, usename::text as usr, state, xact_start, query, backend_xid as xid
               from pg_stat_activity
              where backend_xid is not null and pid <> pg_backend_pid()
             union all
             select null, database::text, 'prepared transaction ' || gid, owner::text, 'prepared', prepared, null, transaction
               from pg_prepared_xacts
           ) running
           order by age(running.xid) desc
           limit 1
         ) t on true`,
    );
    const r = rows[0];
    if (!r) return null;
    return {
      pid: r.pid,
      database: r.database,
      application: r.application || null,
      user: r.usr,
      state: r.state,
      ageMs: r.age_ms === null ? null : Math.max(0, r.age_ms),
      query: r.query,
      holdingMs: Math.max(0, r.holding_ms),
    };
  }

  /**
   * LISTEN on a dedicated connection (reconnected when lost) plus a poll timer: a notification can
   * arrive while an older running transaction still hides the new events, and nothing notifies again
   * when that one ends. So after a notification, when committed events are held back, one watch at a
   * time looks again, a few milliseconds on and then less often (HELD_BACK_LOOKS_MS), and wakes the
   * listener again once the last of them is readable: a save made while the projector's own batch
   * transactions run reaches the lists in milliseconds, not at the next poll. (One held back only for
   * the instant between the listener's read and this look is left to the poll.) The listener is only
   * a wake-up; it should read `$all` itself.
   */
  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const fire = wakeUp(listener, () => stopped);
    let watching = false;
    let notifiedSince = false;
    const watchHeldBack = async () => {
      if (watching) return void (notifiedSince = true);
      watching = true;
      try {
        do {
          notifiedSince = false;
          // Usually nothing is held back, and the notification's own wake-up was enough: one statement.
          const held = await this.lastHeldBack();
          if (held === null) continue;
          for (let look = 0; ; look++) {
            await new Promise((r) => setTimeout(r, HELD_BACK_LOOKS_MS[Math.min(look, HELD_BACK_LOOKS_MS.length - 1)]).unref());
            if (stopped) return;
            if (await this.readable(held)) break;
          }
          fire();
        } while (notifiedSince && !stopped);
      } catch {
        // The server went away meanwhile: the poll and the reconnect wake the listener.
      } finally {
        watching = false;
      }
    };
    const notified = () => {
      fire();
      void watchHeldBack();
    };
    const reconnectLater = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect().then(fire, reconnectLater); // fire: notifications may have been missed meanwhile
      }, 1000);
    };
    const connect = async () => {
      const c = new pg.Client(this.listenConfig);
      const lost = () => {
        if (client !== c) return;
        client = null;
        c.end().catch(() => undefined);
        reconnectLater();
      };
      c.on('notification', notified);
      c.on('error', lost);
      c.on('end', lost);
      try {
        await c.connect();
        await c.query(`listen ${EVENTS_CHANNEL}`);
      } catch (e) {
        await c.end().catch(() => undefined);
        throw e;
      }
      if (stopped) await c.end().catch(() => undefined);
      else client = c;
    };

    await connect(); // the first failure is the caller's to see (bad URL, server down)
    const poll = setInterval(fire, this.pollIntervalMs);
    return this.subscriptions.add(async () => {
      stopped = true;
      clearInterval(poll);
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    });
  }

  /** The transaction (text: xid8 is 64 bits) of the last committed event when some are not readable yet (not VISIBLE); null when all are. */
  private async lastHeldBack(): Promise<string | null> {
    const { rows } = await this.pool.query<{ tx: string }>({
      name: 'trenchline_last_held_back',
      text: `select transaction_id::text as tx from events where ${HELD_BACK} order by transaction_id desc, global_position desc limit 1`,
    });
    return rows[0]?.tx ?? null;
  }

  /** Whether the events of transaction `tx` are readable: older than every transaction still running (VISIBLE). */
  private async readable(tx: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ readable: boolean }>({ name: 'trenchline_readable', text: 'select $1::xid8 < pg_snapshot_xmin(pg_current_snapshot()) as readable', values: [tx] });
    return rows[0]?.readable ?? false;
  }

  comparePositions(a: string, b: string): number {
    return comparePairCursors(a, b);
  }

  async close(): Promise<void> {
    if (this.pendingNotify) clearTimeout(this.pendingNotify);
    this.pendingNotify = null;
    await this.subscriptions.closeAll();
    if (this.ownsPool) await this.pool.end();
  }
}
