/**
 * The EventStore port. Two adapters implement it (Postgres, the default, and EventStoreDB) and both
 * pass the one contract suite in contract.ts.
 *
 * Positions are opaque cursors (strings) that order every event of `$all`; compare them only with
 * `comparePositions`. Postgres cursors are `<transaction_id>:<global_position>`; EventStoreDB cursors
 * are `<commit>:<prepare>`.
 */
import type pg from 'pg';

export interface EventMetadata {
  accountId: string;
  userId: string;
  userName: string;
  /** The author's role at the time (docs/roles.md); absent on events written before roles or by the system. */
  role?: string;
  /** ISO instant of the command that caused the event. */
  at: string;
  correlationId: string;
  causationId: string | null;
  /** Version of the event's data schema, for upcasting. */
  schemaVersion: number;
}

export interface NewEvent {
  type: string;
  data: unknown;
  meta: EventMetadata;
  /** Generated when absent. */
  eventId?: string;
}

export interface RecordedEvent {
  eventId: string;
  streamId: string;
  /** 1-based position of the event in its stream. */
  version: number;
  /** Cursor in `$all`. */
  position: string;
  type: string;
  data: unknown;
  meta: EventMetadata;
}

/** The stream must not exist yet. */
export const NO_STREAM = 0;
/** Append whatever the stream's version (no concurrency check). */
export const ANY_VERSION = 'any' as const;
export type ExpectedVersion = number | typeof ANY_VERSION;

export interface AppendResult {
  /** The stream's version after the append (number of events in it). */
  version: number;
  /** Cursor of the last appended event. */
  position: string;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number | null,
  ) {
    super(`stream ${streamId}: expected version ${expectedVersion}, actual ${actualVersion ?? 'unknown'}`);
    this.name = 'ConcurrencyError';
  }
}

/**
 * How far behind a cursor is: the committed events after it, readable or held back, and how long the
 * oldest of them has waited. null where the store cannot count them cheaply (EventStoreDB).
 */
export interface Lag {
  /** Readable events after the cursor (a reader would get them now). */
  behind: number | null;
  /** Committed events after the cursor that `$all` still holds back, because an older transaction runs. */
  heldBack: number | null;
  /** How long the oldest committed event after the cursor, readable or held back, has been stored (null: none). */
  waitingMs: number | null;
}

/**
 * The transaction that holds `$all` back: the oldest one still running on the store's server (in any
 * database), while committed events wait behind it. What the store's role may not see of another
 * role's session is null (Postgres shows it to superusers and members of pg_read_all_stats).
 */
export interface HoldingTransaction {
  /** The server process (`select pg_terminate_backend(pid)` ends it); null for a prepared transaction. */
  pid: number | null;
  database: string | null;
  application: string | null;
  user: string | null;
  /** `idle in transaction`, `active` ... (pg_stat_activity's), or `prepared`. */
  state: string | null;
  /** How long the transaction has run. */
  ageMs: number | null;
  /** Its latest statement, cut to 200 characters. */
  query: string | null;
  /** How long the oldest event it holds back has waited: how long readers have been held. */
  holdingMs: number;
}

/** A Postgres connection inside a transaction the caller owns (BEGIN and COMMIT are the caller's). */
export type Transaction = pg.ClientBase;

export interface ReadStreamOptions {
  toPosition?: string;
  fromVersion?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this cursor. null or absent: from the start. */
  fromPosition?: string | null;
  limit: number;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /**
   * Append as part of the caller's Postgres transaction, so other rows (unique claims, snapshots, users)
   * commit with the events or not at all. A store outside Postgres appends at once: a failed append then
   * throws before the caller commits, and the caller rolls the rest back.
   */
  appendWithin(tx: Transaction, streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * The stream's events in order; `toPosition` (inclusive) cuts it, for as-of reads; `fromVersion`
   * (inclusive) starts it there, for reads that begin at a snapshot.
   */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** The stream's last version (0 when it has none): whether a kept read is still current, in one indexed read. */
  streamVersion(streamId: string): Promise<number>;
  /**
   * Events of every stream in `$all` order, after `fromPosition`. Gap-free: an event is returned only
   * once every event ordered before it is committed, so a reader that pages forward never skips one.
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The cursor of the newest readable event, or null when the store is empty. */
  headPosition(): Promise<string | null>;
  /**
   * The cursor of the newest committed event, readable or not yet (`$all` holds an event back while
   * an older transaction runs): no cursor the store has handed out lies beyond it.
   */
  lastPosition(): Promise<string | null>;
  /** For each cursor (null: from the start), the events after it; one answer per cursor, in order. */
  lag(after: (string | null)[]): Promise<Lag[]>;
  /** The transaction holding committed events back from `$all`, or null when none is (or the store holds none back). */
  heldBackBy(): Promise<HoldingTransaction | null>;
  /** Call `listener` whenever new events may be readable (LISTEN/NOTIFY, or the server's push). */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
  comparePositions(a: string, b: string): number;
  close(): Promise<void>;
}

/** Stream name of a record: `<aggregate>-<id>`. */
export const streamName = (aggregate: string, id: string) => `${aggregate}-${id}`;
export function parseStreamName(stream: string): { aggregate: string; id: string } {
  const i = stream.lastIndexOf('-');
  return { aggregate: stream.slice(0, i), id: stream.slice(i + 1) };
}

/** Cursors of both adapters are two unsigned integers joined by ':'. */
export function comparePairCursors(a: string, b: string): number {
  const [a1, a2] = a.split(':').map(BigInt);
  const [b1, b2] = b.split(':').map(BigInt);
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  if (a2 !== b2) return a2 < b2 ? -1 : 1;
  return 0;
}
