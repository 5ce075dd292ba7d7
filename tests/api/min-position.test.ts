/**
 * X-Min-Position (read your own writes) with a position beyond the store's last event (issue 11): no
 * write of the store can ever reach it, so the list answers at once instead of holding the request
 * for the whole wait. The projector is stopped, so a real position not yet projected waits its 2 s.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';

const { app, office } = apiTest('api_min_position');

beforeAll(async () => {
  await app.stopProjector();
});

/** Both answers, and which came first. */
async function race<T>(a: Promise<T>, b: Promise<T>) {
  const order: string[] = [];
  const [ra, rb] = await Promise.all([a.then((r) => (order.push('a'), r)), b.then((r) => (order.push('b'), r))]);
  return { first: order[0], a: ra, b: rb };
}

describe('X-Min-Position beyond the store', () => {
  it.each([
    ['a later transaction', (tx: bigint) => `${tx + 1_000_000n}:1`],
    ['the largest cursor there is', () => '18446744073709551615:9223372036854775807'],
  ])('given a write the stopped projector has not listed, when one list waits for it and another asks for %s, then the second answers first and both answer 200', async (_what, beyond) => {
    const w = await office.post('/api/bids/', { work_request: 'WR-WAIT' });
    expect(w.status).toBe(201);
    const written = w.headers.get('x-position')!;
    const waiting = office.get('/api/bids/?archived=f', { 'X-Min-Position': written });
    // Asked a moment later: were it held for the whole wait too, it would answer after the first.
    await new Promise((r) => setTimeout(r, 300));
    const { first, a, b } = await race(waiting, office.get('/api/bids/?archived=f', { 'X-Min-Position': beyond(BigInt(written.split(':')[0])) }));
    expect(first).toBe('b');
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('given a position the store has reached, when the lists are behind it, then the request still waits for them (it is not answered as if beyond the store)', async () => {
    const w = await office.post('/api/bids/', { work_request: 'WR-REACHED' });
    const written = w.headers.get('x-position')!;
    const { first } = await race(
      office.get('/api/bids/?archived=f', { 'X-Min-Position': written }),
      new Promise<{ status: number }>((ok) => setTimeout(() => ok({ status: 0 }), 500)),
    );
    expect(first).toBe('b');
  });
});
