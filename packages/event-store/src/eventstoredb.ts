/**
 * The EventStoreDB adapter of the EventStore port (selected by EVENT_STORE=eventstoredb, ESDB_URL).
 * Stream version = revision + 1; cursors are `<commit>:<prepare>` of the server's `$all` log, which
 * only ever holds committed events, so paging it forward is gap-free by construction.
 */
import { randomUUID } from 'node:crypto';
import { Subscriptions, wakeUp } from './subscriptions.ts';
import { ANY, BACKWARDS, END, EventStoreDBClient, FORWARDS, NO_STREAM as ESDB_NO_STREAM, START, StreamNotFoundError, WrongExpectedVersionError, excludeSystemEvents, jsonEvent, type AppendExpectedRevision, type JSONType, type Position, type ReadPosition, type ResolvedEvent } from '@eventstore/db-client';
import { ANY_VERSION, ConcurrencyError, NO_STREAM, comparePairCursors, type AppendResult, type EventMetadata, type EventStore, type ExpectedVersion, type Lag, type NewEvent, type ReadAllOptions, type ReadStreamOptions, type RecordedEvent, type Transaction } from './port.ts';

/** Servers before 22.6 report this instead of a position on stream reads. */
const UNKNOWN_POSITION = 2n ** 64n - 1n;
/** Events read per round trip when system events must be skipped. */
const PAGE = 256;

type EsdbEvent = NonNullable<ResolvedEvent['event']>;

const cursor = (p: Position) => `${p.commit}:${p.prepare}`;
const knownPosition = (p: Position | undefined): p is Position => !!p && p.commit !== UNKNOWN_POSITION;

function parsePosition(position: string): Position {
  const m = /^(\d+):(\d+)$/.exec(position);
  if (!m) throw new Error(`invalid event store position: ${JSON.stringify(position)}`);
  return { commit: BigInt(m[1]), prepare: BigInt(m[2]) };
}

const samePosition = (a: Position, b: Position) => a.commit === b.commit && a.prepare === b.prepare;
/** Our events only: system events and links have types starting with '$'. */
const isSystem = (e: EsdbEvent) => e.type.startsWith('$');

function toRecorded(e: EsdbEvent): RecordedEvent {
  return {
    eventId: e.id,
    streamId: e.streamId,
    version: Number(e.revision) + 1,
    position: knownPosition(e.position) ? cursor(e.position) : '',
    type: e.type,
    data: e.data,
    meta: e.metadata as unknown as EventMetadata,
  };
}

function expectedRevision(v: ExpectedVersion): AppendExpectedRevision {
  if (v === ANY_VERSION) return ANY;
  if (v === NO_STREAM) return ESDB_NO_STREAM;
  return BigInt(v - 1);
}

export interface EventStoreDbEventStoreOptions {
  /** e.g. esdb://127.0.0.1:2113?tls=false */
  url: string;
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  readonly client: EventStoreDBClient;
  private readonly subscriptions = new Subscriptions();

  constructor(options: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.url);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    const { expectedVersion } = options;
    if (events.length === 0) {
      // Nothing to write: still honour the concurrency check, as the Postgres adapter does.
      const last = await this.lastEvent(streamId);
      const actual = last ? Number(last.revision) + 1 : 0;
      if (expectedVersion !== ANY_VERSION && expectedVersion !== actual) throw new ConcurrencyError(streamId, expectedVersion, actual);
      return { version: actual, position: last && knownPosition(last.position) ? cursor(last.position) : '0:0' };
    }
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({ id: e.eventId ?? randomUUID(), type: e.type, data: (e.data ?? null) as JSONType, metadata: e.meta as unknown as JSONType }),
        ),
        { expectedRevision: expectedRevision(expectedVersion) },
      );
      // The append reports the transaction's log position, which need not be the last event's own
      // `$all` position; read that event back (by revision, so a later writer's event cannot be taken
      // for it) and callers can wait for readers to reach exactly this cursor.
      const last = await this.eventAt(streamId, result.nextExpectedRevision);
      const position = knownPosition(last?.position) ? cursor(last.position) : result.position ? cursor(result.position) : '';
      return { version: Number(result.nextExpectedRevision) + 1, position };
    } catch (e) {
      if (e instanceof WrongExpectedVersionError) {
        const actual = e.actualVersion === ESDB_NO_STREAM ? 0 : typeof e.actualVersion === 'bigint' ? Number(e.actualVersion) + 1 : null;
        throw new ConcurrencyError(streamId, expectedVersion, actual);
      }
      throw e;
    }
  }

  /** Outside Postgres: appended at once, before the caller's transaction commits (a failed append rolls it back). */
  appendWithin(_tx: Transaction, streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return this.append(streamId, events, { expectedVersion });
  }

  /** Counting events after a cursor would read `$all` through: health compares checkpoints with the head instead. */
  async lag(after: (string | null)[]): Promise<Lag[]> {
    return after.map(() => ({ behind: null, heldBack: null, waitingMs: null }));
  }

  /** EventStoreDB's `$all` holds nothing back: an event is readable once written. */
  async heldBackBy(): Promise<null> {
    return null;
  }

  /** The stream's last event. */
  private async lastEvent(streamId: string): Promise<EsdbEvent | undefined> {
    return this.eventAt(streamId, END);
  }

  async streamVersion(streamId: string): Promise<number> {
    const last = await this.lastEvent(streamId);
    // Revisions are 0-based, versions 1-based.
    return last ? Number(last.revision) + 1 : 0;
  }

  /** The event at `revision`, or the last one for END. */
  private async eventAt(streamId: string, revision: bigint | typeof END): Promise<EsdbEvent | undefined> {
    const direction = revision === END ? BACKWARDS : FORWARDS;
    try {
      for await (const r of this.client.readStream(streamId, { direction, fromRevision: revision, maxCount: 1 })) {
        if (r.event) return r.event;
      }
    } catch (e) {
      if (!(e instanceof StreamNotFoundError)) throw e;
    }
    return undefined;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const to = options.toPosition === undefined ? undefined : parsePosition(options.toPosition);
    const out: RecordedEvent[] = [];
    // Revisions are 0-based, versions 1-based.
    const from = options.fromVersion && options.fromVersion > 1 ? BigInt(options.fromVersion - 1) : START;
    try {
      for await (const r of this.client.readStream(streamId, { direction: FORWARDS, fromRevision: from })) {
        if (!r.event) continue;
        if (to) {
          if (!knownPosition(r.event.position)) throw new Error('readStream toPosition needs EventStoreDB 22.6 or later (event positions)');
          if (comparePairCursors(cursor(r.event.position), cursor(to)) > 0) break;
        }
        out.push(toRecorded(r.event));
      }
    } catch (e) {
      if (e instanceof StreamNotFoundError) return [];
      throw e;
    }
    return out;
  }

  async readAll({ fromPosition, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll: limit must be a positive integer, got ${limit}`);
    // The server's fromPosition is inclusive; ours is exclusive, so the event at it is dropped.
    let skip = fromPosition ? parsePosition(fromPosition) : undefined;
    let from: ReadPosition = skip ?? START;
    const out: RecordedEvent[] = [];
    for (;;) {
      let read = 0;
      let last: Position | undefined;
      const page = this.client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: PAGE, resolveLinkTos: false });
      for await (const r of page) {
        read++;
        if (!r.event) continue;
        last = r.event.position;
        if (skip && samePosition(last, skip)) continue;
        if (isSystem(r.event)) continue;
        out.push(toRecorded(r.event));
        if (out.length === limit) {
          await page.cancel().catch(() => undefined);
          return out;
        }
      }
      if (read < PAGE || !last) return out; // reached the end of $all
      from = last;
      skip = last;
    }
  }

  /** EventStoreDB reads an event as soon as its append is acknowledged: the head is the last position. */
  lastPosition(): Promise<string | null> {
    return this.headPosition();
  }

  async headPosition(): Promise<string | null> {
    let from: ReadPosition = END;
    let skip: Position | undefined;
    for (;;) {
      let read = 0;
      let last: Position | undefined;
      for await (const r of this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: PAGE })) {
        read++;
        if (!r.event) continue;
        last = r.event.position;
        if (skip && samePosition(last, skip)) continue;
        if (!isSystem(r.event)) return cursor(r.event.position);
      }
      if (read < PAGE || !last) return null;
      from = last;
      skip = last;
    }
  }

  /** A live subscription to `$all` (system events filtered out by the server), resubscribed if it drops. */
  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    let subscription: ReturnType<EventStoreDBClient['subscribeToAll']> | undefined;
    const fire = wakeUp(listener, () => stopped);
    // Resolves once the server confirms, so an append made after onAppended returns is always seen.
    const subscribe = () =>
      new Promise<void>((resolve, reject) => {
        const s = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
        subscription = s;
        s.once('confirmation', () => resolve());
        s.on('data', fire);
        s.on('error', (e) => {
          reject(e);
          if (stopped || subscription !== s) return;
          subscription = undefined;
          retry = setTimeout(() => {
            retry = undefined;
            if (stopped) return;
            // fire: events may have been appended while the subscription was down
            subscribe().then(fire, () => undefined);
          }, 1000);
        });
      });
    try {
      await subscribe();
    } catch (e) {
      stopped = true; // the first failure is the caller's to see, not retried
      clearTimeout(retry);
      throw e;
    }
    return this.subscriptions.add(async () => {
      stopped = true;
      clearTimeout(retry);
      await subscription?.unsubscribe().catch(() => undefined);
    });
  }

  comparePositions(a: string, b: string): number {
    return comparePairCursors(a, b);
  }

  async close(): Promise<void> {
    await this.subscriptions.closeAll();
    await this.client.dispose();
  }
}
