/**
 * The Postgres adapter of the EventStore port (ARCHITECTURE.md "Event store"): one `events` table
 * (schema.ts). `$all` is ordered by `(transaction_id, global_position)` and a reader only sees rows
 * whose transaction is older than every transaction still running, so a slow writer that commits late
 * is read in its place instead of being skipped.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Subscriptions, wakeUp } from './subscriptions.ts';
import {
  ANY_VERSION,
  ConcurrencyError,
  comparePairCursors,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type Lag,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from './port.ts';

/** The channel appends notify (delivered by Postgres when the appending transaction commits). */
export const EVENTS_CHANNEL = 'trenchline_events';

/** Where the Postgres adapter connects when neither a URL nor DATABASE_URL is given. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/trenchline';
/** pg binds at most 65535 parameters per statement; 7 per event. */
const EVENTS_PER_INSERT = 1000;
/** ANY_VERSION appends retry when a concurrent writer took the same versions. */
const ANY_VERSION_ATTEMPTS = 10;
const UNIQUE_VIOLATION = '23505';
const STREAM_VERSION_CONSTRAINT = 'events_stream_id_stream_version_key';

// Bigints are cast to text in SQL so the result does not depend on which int8 parser is installed.
const EVENT_COLUMNS = `event_id, stream_id, stream_version, transaction_id::text as tx, global_position::text as gp,
  type, data, metadata`;
/** Rows of transactions older than every running one: nothing can still commit before them. */
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

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
 * Append inside a transaction the caller owns (BEGIN/COMMIT are theirs), so other writes such as
 * record_index rows can commit atomically with the events. Throws ConcurrencyError on a wrong expected
 * version; after a unique violation the caller's transaction is aborted and must be rolled back.
 */
export async function appendEventsInTransaction(
  client: pg.ClientBase,
  streamId: string,
  events: NewEvent[],
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  const head = await client.query<{ v: number; tx: string; gp: string }>(
    `select stream_version as v, transaction_id::text as tx, global_position::text as gp
       from events where stream_id = $1 order by stream_version desc limit 1`,
    [streamId],
  );
  const actual = head.rows[0]?.v ?? 0;
  if (expectedVersion !== ANY_VERSION && expectedVersion !== actual) {
    throw new ConcurrencyError(streamId, expectedVersion, actual);
  }
  if (events.length === 0) {
    const last = head.rows[0];
    return { version: actual, position: last ? `${last.tx}:${last.gp}` : '0:0' };
  }

  let version = actual;
  let position = '';
  try {
    for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
      const chunk = events.slice(start, start + EVENTS_PER_INSERT);
      const params: unknown[] = [];
      const rows = chunk.map((e) => {
        version += 1;
        const p = params.length;
        // JSON is stringified here: pg would send a bare string as invalid jsonb text.
        params.push(e.eventId ?? randomUUID(), streamId, version, e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.meta), accountIdColumn(e.meta));
        return `($${p + 1}::uuid, $${p + 2}, $${p + 3}::int, $${p + 4}, $${p + 5}::jsonb, $${p + 6}::jsonb, $${p + 7}::bigint)`;
      });
      const inserted = await client.query<{ v: number; tx: string; gp: string }>(
        `insert into events (event_id, stream_id, stream_version, type, data, metadata, account_id)
         values ${rows.join(', ')}
         returning stream_version as v, transaction_id::text as tx, global_position::text as gp`,
        params,
      );
      // RETURNING order is not promised; the last event is the one with the highest version.
      const last = inserted.rows.reduce((a, b) => (b.v > a.v ? b : a));
      position = `${last.tx}:${last.gp}`;
    }
  } catch (e) {
    const err = e as pg.DatabaseError;
    // Another writer committed the same stream versions first.
    if (err.code === UNIQUE_VIOLATION && err.constraint === STREAM_VERSION_CONSTRAINT) {
      throw new ConcurrencyError(streamId, expectedVersion, null);
    }
    throw e;
  }
  // Delivered at commit, so listeners wake only once the events exist.
  await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, '']);
  return { version, position };
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
    for (let attempt = 1; ; attempt++) {
      const oneStatement = events.length > 0 && events.length <= EVENTS_PER_INSERT;
      const client = oneStatement ? null : await this.pool.connect();
      try {
        if (!client) return await this.appendInOneStatement(streamId, events, expectedVersion);
        await client.query('begin');
        const result = await appendEventsInTransaction(client, streamId, events, expectedVersion);
        await client.query('commit');
        return result;
      } catch (e) {
        await client?.query('rollback').catch(() => undefined);
        if (!(e instanceof ConcurrencyError) || e.actualVersion !== null) throw e;
        // A unique violation: ANY_VERSION just tries again on top of the winner's events.
        if (expectedVersion === ANY_VERSION && attempt < ANY_VERSION_ATTEMPTS) continue;
        // Report the version the winner left, for the 409 answer.
        throw new ConcurrencyError(streamId, expectedVersion, await this.currentVersion(streamId));
      } finally {
        client?.release();
      }
    }
  }

  appendWithin(tx: pg.ClientBase, streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return appendEventsInTransaction(tx, streamId, events, expectedVersion);
  }

  /**
   * The usual append in one round trip: the version check and the insert in one autocommitted
   * statement (a transaction of its own). The unique (stream_id, stream_version) still decides races
   * between writers that read the same head. The wake-up notification goes after the commit, coalesced
   * (see wakeListeners): a NOTIFY inside each append serialises every commit on Postgres' notify queue
   * lock, which cost a third of the throughput of 8 concurrent writers.
   */
  private async appendInOneStatement(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const params: unknown[] = [streamId, expectedVersion === ANY_VERSION ? null : expectedVersion];
    const rows = events.map((e, i) => {
      const p = params.length;
      params.push(e.eventId ?? randomUUID(), i + 1, e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.meta), accountIdColumn(e.meta));
      return `($${p + 1}::uuid, $${p + 2}::int, $${p + 3}::text, $${p + 4}::jsonb, $${p + 5}::jsonb, $${p + 6}::bigint)`;
    });
    let result;
    try {
      result = await this.pool.query<{ actual: number; version: number | null; position: string | null }>(
        `with head as (select coalesce(max(stream_version), 0)::int as v from events where stream_id = $1),
         ins as (
           insert into events (event_id, stream_id, stream_version, type, data, metadata, account_id)
           select n.event_id, $1, head.v + n.rel, n.type, n.data, n.metadata, n.account_id
             from (values ${rows.join(', ')}) as n(event_id, rel, type, data, metadata, account_id), head
            where $2::int is null or head.v = $2::int
           returning stream_version, transaction_id::text as tx, global_position::text as gp
         )
         select head.v as actual,
                (select max(stream_version) from ins) as version,
                (select tx || ':' || gp from ins order by stream_version desc limit 1) as position
           from head`,
        params,
      );
    } catch (e) {
      const err = e as pg.DatabaseError;
      if (err.code === UNIQUE_VIOLATION && err.constraint === STREAM_VERSION_CONSTRAINT) throw new ConcurrencyError(streamId, expectedVersion, null);
      throw e;
    }
    const row = result.rows[0];
    if (row.version === null || row.position === null) throw new ConcurrencyError(streamId, expectedVersion, row.actual);
    this.wakeListeners();
    return { version: row.version, position: row.position };
  }

  private notifying = false;
  private notifyAgain = false;

  /**
   * NOTIFY after a commit, at most one in flight and one queued: a burst of appends wakes listeners
   * once or twice, not once per event. Fire and forget: a lost wake-up is covered by the listeners'
   * polling.
   */
  private wakeListeners(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    this.pool
      .query('select pg_notify($1, $2)', [EVENTS_CHANNEL, ''])
      .catch(() => undefined)
      .finally(() => {
        this.notifying = false;
        if (this.notifyAgain) {
          this.notifyAgain = false;
          this.wakeListeners();
        }
      });
  }

  private async currentVersion(streamId: string): Promise<number> {
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
    // One round trip for every cursor: the visible events after each, and the age of the oldest.
    const { rows } = await this.pool.query<{ behind: number; waiting_ms: number | null }>(
      `select b.behind, b.waiting_ms
         from unnest($1::text[]) with ordinality as p(position, i)
         cross join lateral (
           select count(*)::int as behind, (extract(epoch from now() - min(e.recorded_at)) * 1000)::int as waiting_ms
             from events e
            where (e.transaction_id, e.global_position) > (split_part(coalesce(p.position, '0:0'), ':', 1)::xid8, split_part(coalesce(p.position, '0:0'), ':', 2)::bigint)
              and e.${VISIBLE}
         ) b
        order by p.i`,
      [after],
    );
    return rows.map((r) => ({ behind: r.behind, waitingMs: r.waiting_ms }));
  }

  /**
   * LISTEN on a dedicated connection (reconnected when lost) plus a poll timer: a notification can
   * arrive while an older running transaction still hides the new events, and nothing notifies again
   * when that one ends. The listener is only a wake-up; it should read `$all` itself.
   */
  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const fire = wakeUp(listener, () => stopped);
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
      c.on('notification', fire);
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

  comparePositions(a: string, b: string): number {
    return comparePairCursors(a, b);
  }

  async close(): Promise<void> {
    await this.subscriptions.closeAll();
    if (this.ownsPool) await this.pool.end();
  }
}
