/**
 * The contract every EventStore adapter passes (ARCHITECTURE.md "Event store"). Not exported from
 * index.ts: it imports vitest. Each adapter's test file calls `eventStoreContract(name, make)`.
 *
 * The store may already hold events (a shared EventStoreDB server, earlier tests), so every test
 * writes to fresh streams and reads `$all` from the head it saw before writing. Reads of `$all` are
 * awaited with `vi.waitFor`: a Postgres reader may be held back briefly by any running transaction.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ANY_VERSION,
  ConcurrencyError,
  NO_STREAM,
  streamName,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from './port.ts';

export interface ContractSubject {
  store: EventStore;
  cleanup(): Promise<void>;
}

const WAIT = { timeout: 15_000, interval: 50 };

export function testMeta(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    accountId: '1',
    userId: '7',
    userName: 'Ada Tester',
    at: '2025-03-01T09:30:00.000Z',
    correlationId: randomUUID(),
    causationId: null,
    schemaVersion: 1,
    ...overrides,
  };
}

export const testEvent = (type: string, data: unknown = {}, meta = testMeta()): NewEvent => ({ type, data, meta });

/** Page `$all` after `from` until `count` events of `streams` have been read; returns just those. */
export async function readAllUntil(
  store: EventStore,
  from: string | null,
  streams: Set<string>,
  count: number,
  pageSize = 100,
): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let cursor = from;
  await vi.waitFor(async () => {
    for (;;) {
      const page = await store.readAll({ fromPosition: cursor, limit: pageSize });
      for (const e of page) if (streams.has(e.streamId)) seen.push(e);
      if (page.length) cursor = page[page.length - 1].position;
      if (page.length < pageSize) break;
    }
    expect(seen.length).toBeGreaterThanOrEqual(count);
  }, WAIT);
  return seen;
}

export function eventStoreContract(name: string, make: () => Promise<ContractSubject>): void {
  describe(`EventStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    // Fresh stream names per run: a shared server keeps earlier runs' streams.
    const run = randomUUID().slice(0, 8);
    let n = 0;
    const newStream = (aggregate = 'thing') => streamName(`ct${run}_${aggregate}`, String(++n));

    beforeAll(async () => {
      subject = await make();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.cleanup();
    });

    it('given a new stream, when appending with NO_STREAM, then the events get versions 1..n', async () => {
      const stream = newStream();
      const result = await store.append(stream, [testEvent('Opened'), testEvent('Named', { name: 'A' })], { expectedVersion: NO_STREAM });
      expect(result.version).toBe(2);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.version, e.type])).toEqual([[1, 'Opened'], [2, 'Named']]);
      expect(events[1].position).toBe(result.position);
    });

    it('given a stream at version 2, when appending with expected version 2, then it becomes version 3', async () => {
      const stream = newStream();
      await store.append(stream, [testEvent('A'), testEvent('B')], { expectedVersion: NO_STREAM });
      const result = await store.append(stream, [testEvent('C')], { expectedVersion: 2 });
      expect(result.version).toBe(3);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('given a stream at version 2, when appending with a wrong expected version, then ConcurrencyError and nothing is written', async () => {
      const stream = newStream();
      await store.append(stream, [testEvent('A'), testEvent('B')], { expectedVersion: NO_STREAM });
      for (const expectedVersion of [1, 3, NO_STREAM]) {
        const error = await store.append(stream, [testEvent('X')], { expectedVersion }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({ streamId: stream, expectedVersion, actualVersion: 2 });
      }
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('given a missing stream, when appending with a version other than NO_STREAM, then ConcurrencyError', async () => {
      const stream = newStream();
      await expect(store.append(stream, [testEvent('X')], { expectedVersion: 1 })).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('given new and existing streams, when appending with ANY_VERSION, then it appends after whatever is there', async () => {
      const stream = newStream();
      expect((await store.append(stream, [testEvent('A')], { expectedVersion: ANY_VERSION })).version).toBe(1);
      expect((await store.append(stream, [testEvent('B'), testEvent('C')], { expectedVersion: ANY_VERSION })).version).toBe(3);
      expect((await store.readStream(stream)).map((e) => [e.version, e.type])).toEqual([[1, 'A'], [2, 'B'], [3, 'C']]);
    });

    it('given appended events, when reading the stream, then order, versions, ids, data and meta round-trip', async () => {
      const stream = newStream('bid');
      const meta = testMeta({ accountId: '42', causationId: randomUUID(), schemaVersion: 3 });
      const eventId = randomUUID();
      const data = { title: 'Fibre "Nord" ü', amount: 12.5, items: [{ id: '9', qty: 2 }], none: null };
      await store.append(stream, [{ type: 'BidCreated', data, meta, eventId }], { expectedVersion: NO_STREAM });
      await store.append(stream, [testEvent('BidRenamed', { title: 'B' }, meta)], { expectedVersion: 1 });
      const events = await store.readStream(stream);
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({ eventId, streamId: stream, version: 1, type: 'BidCreated', data, meta });
      expect(events[1]).toMatchObject({ streamId: stream, version: 2, type: 'BidRenamed', data: { title: 'B' }, meta });
      expect(events[1].eventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(store.comparePositions(events[0].position, events[1].position)).toBeLessThan(0);
    });

    it('given a stream that was never written, when reading it, then it is empty', async () => {
      expect(await store.readStream(newStream())).toEqual([]);
    });

    it('given two appends, when reading the stream up to the first append position, then only the first append is returned', async () => {
      const stream = newStream();
      const first = await store.append(stream, [testEvent('A'), testEvent('B')], { expectedVersion: NO_STREAM });
      await store.append(stream, [testEvent('C')], { expectedVersion: 2 });
      // Another stream's later event does not matter to the cut.
      await store.append(newStream(), [testEvent('Other')], { expectedVersion: NO_STREAM });
      expect((await store.readStream(stream, { toPosition: first.position })).map((e) => e.type)).toEqual(['A', 'B']);
      const all = await store.readStream(stream);
      expect((await store.readStream(stream, { toPosition: all[2].position })).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('given a stream of four events, when reading it from version 3 (a snapshot’s), then events 3 and 4 come, and none from past its end', async () => {
      const stream = newStream();
      await store.append(stream, [testEvent('A'), testEvent('B'), testEvent('C'), testEvent('D')], { expectedVersion: NO_STREAM });
      expect((await store.readStream(stream, { fromVersion: 3 })).map((e) => [e.type, e.version])).toEqual([['C', 3], ['D', 4]]);
      expect(await store.readStream(stream, { fromVersion: 5 })).toEqual([]);
      expect((await store.readStream(stream, { fromVersion: 1 })).length).toBe(4);
    });

    it('given a stream of two events and one never written, when asking their versions, then 2 and 0', async () => {
      const stream = newStream();
      await store.append(stream, [testEvent('A'), testEvent('B')], { expectedVersion: NO_STREAM });
      expect(await store.streamVersion(stream)).toBe(2);
      expect(await store.streamVersion(newStream())).toBe(0);
    });

    it('given events in several streams, when paging $all with a small limit, then every event comes exactly once in append order', async () => {
      const before = await store.headPosition();
      const streams = [newStream('a'), newStream('b'), newStream('c')];
      const appended: string[] = [];
      for (let round = 0; round < 4; round++) {
        for (const [i, stream] of streams.entries()) {
          const events = [testEvent('E', { round, i, k: 0 }), testEvent('E', { round, i, k: 1 })];
          await store.append(stream, events, { expectedVersion: round * 2 });
          appended.push(`${round}.${i}.0`, `${round}.${i}.1`);
        }
      }
      const read = await readAllUntil(store, before, new Set(streams), appended.length, 5);
      expect(read.map((e) => { const d = e.data as { round: number; i: number; k: number }; return `${d.round}.${d.i}.${d.k}`; })).toEqual(appended);
      for (let i = 1; i < read.length; i++) expect(store.comparePositions(read[i - 1].position, read[i].position)).toBeLessThan(0);
    });

    it('given a page boundary, when reading $all from the last position of a page, then that event is not repeated', async () => {
      const before = await store.headPosition();
      const stream = newStream();
      await store.append(stream, [testEvent('A'), testEvent('B'), testEvent('C')], { expectedVersion: NO_STREAM });
      const all = await readAllUntil(store, before, new Set([stream]), 3);
      const rest = await store.readAll({ fromPosition: all[0].position, limit: 100 });
      expect(rest.filter((e) => e.streamId === stream).map((e) => e.type)).toEqual(['B', 'C']);
    });

    it('given successive appends, when comparing their positions, then they increase', async () => {
      const positions: string[] = [];
      for (let i = 0; i < 3; i++) positions.push((await store.append(newStream(), [testEvent('A')], { expectedVersion: NO_STREAM })).position);
      expect(store.comparePositions(positions[0], positions[1])).toBe(-1);
      expect(store.comparePositions(positions[2], positions[1])).toBe(1);
      expect(store.comparePositions(positions[1], positions[1])).toBe(0);
    });

    it('given an append, when asking for the last committed position, then it is at once at or past the append', async () => {
      const result = await store.append(newStream(), [testEvent('A')], { expectedVersion: NO_STREAM });
      const last = await store.lastPosition();
      expect(last).not.toBeNull();
      expect(store.comparePositions(last!, result.position)).toBeGreaterThanOrEqual(0);
    });

    it('given an append, when asking for the head position, then it reaches the last appended event', async () => {
      const before = await store.headPosition();
      const stream = newStream();
      const result = await store.append(stream, [testEvent('A'), testEvent('B')], { expectedVersion: NO_STREAM });
      if (before) expect(store.comparePositions(result.position, before)).toBe(1);
      await vi.waitFor(async () => {
        const head = await store.headPosition();
        expect(head).not.toBeNull();
        expect(store.comparePositions(head!, result.position)).toBeGreaterThanOrEqual(0);
      }, WAIT);
      const [, last] = await readAllUntil(store, before, new Set([stream]), 2);
      expect(last.position).toBe(result.position);
    });

    it('given cursors before and at an append, when asking for their lag, then one answer each: behind by the appended events, then by none (or unknown)', async () => {
      const first = await store.append(newStream(), [testEvent('A')], { expectedVersion: NO_STREAM });
      const last = await store.append(newStream(), [testEvent('B'), testEvent('C')], { expectedVersion: NO_STREAM });
      await vi.waitFor(async () => {
        const [before, at] = await store.lag([first.position, last.position]);
        if (before.behind === null) return expect([before, at]).toEqual([{ behind: null, heldBack: null, waitingMs: null }, { behind: null, heldBack: null, waitingMs: null }]);
        expect(before.behind).toBeGreaterThanOrEqual(2);
        expect(before.waitingMs).toBeGreaterThanOrEqual(0);
        expect(at).toEqual({ behind: 0, heldBack: 0, waitingMs: null });
      }, WAIT);
      expect(await store.lag([])).toEqual([]);
    });

    it('given a subscriber, when events are appended, then it is called', async () => {
      let calls = 0;
      const unsubscribe = await store.onAppended(() => calls++);
      try {
        const before = calls;
        await store.append(newStream(), [testEvent('A')], { expectedVersion: NO_STREAM });
        await vi.waitFor(() => expect(calls).toBeGreaterThan(before), WAIT);
      } finally {
        await unsubscribe();
      }
    });

    it('given 8 writers with the same expected version, when they append at once, then exactly one wins and 7 get ConcurrencyError', async () => {
      const stream = newStream();
      await store.append(stream, [testEvent('Opened')], { expectedVersion: NO_STREAM });
      const writers = Array.from({ length: 8 }, (_, w) => w);
      const results = await Promise.allSettled(
        writers.map((w) => store.append(stream, [testEvent('Wrote', { w, k: 0 }), testEvent('Wrote', { w, k: 1 })], { expectedVersion: 1 })),
      );
      const won = results.flatMap((r, w) => (r.status === 'fulfilled' ? [w] : []));
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(7);
      for (const e of lost) expect(e).toBeInstanceOf(ConcurrencyError);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.version, e.data])).toEqual([
        [1, {}],
        [2, { w: won[0], k: 0 }],
        [3, { w: won[0], k: 1 }],
      ]);
    });
  });
}
