// @vitest-environment jsdom
/** Missed live messages: a gap in a room's sequence, or the server's 'refetch', refetches what is shown. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';

// The one socket realtime.ts opens: handlers kept so the test can play the server.
const handlers = new Map<string, (payload?: unknown) => void>();
const sent: unknown[][] = [];
vi.mock('socket.io-client', () => ({
  io: () => ({
    connected: true,
    on: (name: string, fn: (payload?: unknown) => void) => handlers.set(name, fn),
    emit: (...args: unknown[]) => sent.push(args),
    disconnect: () => undefined,
  }),
}));

const { liveGaps, startRealtime, stopRealtime } = await import('./realtime');

describe('gap detection', () => {
  it('given a room counted from its first message, when the next seq follows, then nothing was missed', () => {
    const gaps = liveGaps();
    expect(gaps.missed('list:bids', { epoch: 'a', seq: 41 })).toBe(false);
    expect(gaps.missed('list:bids', { epoch: 'a', seq: 42 })).toBe(false);
  });

  it('given seq 1 of an epoch, when seq 3 of the same epoch arrives, then a message was missed', () => {
    const gaps = liveGaps();
    gaps.missed('list:bids', { epoch: 'a', seq: 1 });
    expect(gaps.missed('list:bids', { epoch: 'a', seq: 3 })).toBe(true);
    expect(gaps.missed('list:bids', { epoch: 'a', seq: 4 })).toBe(false);
  });

  it('given two publishers and two rooms, when each counts on its own, then no gap is seen across them', () => {
    const gaps = liveGaps();
    gaps.missed('list:bids', { epoch: 'a', seq: 7 });
    expect(gaps.missed('list:bids', { epoch: 'b', seq: 1 })).toBe(false);
    expect(gaps.missed('list:jobs', { epoch: 'a', seq: 30 })).toBe(false);
    expect(gaps.missed('list:bids', { epoch: 'a', seq: 8 })).toBe(false);
  });

  it('given a resent or older message, when it arrives, then it is not a gap and the count keeps its place', () => {
    const gaps = liveGaps();
    gaps.missed('record:bid-1', { epoch: 'a', seq: 5 });
    expect(gaps.missed('record:bid-1', { epoch: 'a', seq: 5 })).toBe(false);
    expect(gaps.missed('record:bid-1', { epoch: 'a', seq: 3 })).toBe(false);
    expect(gaps.missed('record:bid-1', { epoch: 'a', seq: 6 })).toBe(false);
  });

  it('given a room left and joined again, when its seq has moved on, then counting starts again', () => {
    const gaps = liveGaps();
    gaps.missed('list:bids', { epoch: 'a', seq: 1 });
    gaps.forget('list:bids');
    expect(gaps.missed('list:bids', { epoch: 'a', seq: 9 })).toBe(false);
  });

  it('given a message without a stamp (an older server), when it arrives, then it is never a gap', () => {
    const gaps = liveGaps();
    gaps.missed('list:bids', { epoch: 'a', seq: 1 });
    expect(gaps.missed('list:bids', {})).toBe(false);
    expect(gaps.missed('list:bids', { epoch: 'a', seq: 2 })).toBe(false);
  });
});

describe('refetching what is shown', () => {
  let qc: QueryClient;
  let detailFetches = 0;
  let stopObserving: () => void;
  const row = (seq: number, epoch = 'e1') => ({ list: 'bids', op: 'upsert', id: '1', row: { id: '1', name: `v${seq}` }, position: `1:${seq}`, epoch, seq });

  beforeEach(async () => {
    handlers.clear();
    detailFetches = 0;
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // A record page on screen: an observer keeps its query active, so an invalidation refetches it.
    const observer = new QueryObserver(qc, {
      queryKey: ['record', 'bid-1'],
      queryFn: async () => {
        detailFetches += 1;
        return { id: '1', version: 1 };
      },
    });
    stopObserving = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(detailFetches).toBe(1));
    startRealtime(qc);
  });
  afterEach(() => {
    stopObserving();
    stopRealtime();
  });

  it('given consecutive row messages, when they arrive, then nothing is refetched', async () => {
    handlers.get('row')?.(row(1));
    handlers.get('row')?.(row(2));
    handlers.get('row')?.(row(1, 'e2'));
    await new Promise((r) => setTimeout(r, 20));
    expect(detailFetches).toBe(1);
  });

  it('given row messages of one epoch, when seq jumps, then every shown query is refetched', async () => {
    handlers.get('row')?.(row(1));
    handlers.get('row')?.(row(3));
    await vi.waitFor(() => expect(detailFetches).toBe(2));
  });

  it("given the server's refetch signal, when it arrives, then every shown query is refetched", async () => {
    handlers.get('refetch')?.({ reason: 'live connection restored' });
    await vi.waitFor(() => expect(detailFetches).toBe(2));
  });

  it('given a record message, when its seq jumps, then every shown query is refetched', async () => {
    handlers.get('record')?.({ stream: 'bid-1', version: 1, epoch: 'e1', seq: 1 });
    handlers.get('record')?.({ stream: 'bid-1', version: 1, epoch: 'e1', seq: 5 });
    await vi.waitFor(() => expect(detailFetches).toBe(2));
  });
});
