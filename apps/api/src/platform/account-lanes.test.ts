/** Each account's lane for reads: one account's burst waits behind itself, never in front of another account's read. */
import { afterEach, describe, expect, it } from 'vitest';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { accountLanes, lendTurnWhile } from './account-lanes.ts';
import { errorHandler } from './errors.ts';
import type { TurnLimits } from './turns.ts';

const ACCOUNTS: Record<string, string> = { alice: 'A', adam: 'A', bob: 'B' };

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((ok) => server?.close(ok));
  server = null;
});

/**
 * Reads that each hang until the test answers them (`answer(name)`); `/lend/:name` lends its turn while
 * it hangs. The signed-in user comes from an X-User header, as the session would give it.
 */
async function lanesApp(limits: TurnLimits, served?: (accountId: string) => void) {
  const lanes = accountLanes(async (userId) => ACCOUNTS[userId] ?? null, limits, served);
  const begun: string[] = [];
  const answers = new Map<string, () => void>();
  const hang = (name: string) => new Promise<void>((ok) => answers.set(name, ok));
  const app = express();
  app.use((req, _res, next) => {
    (req as unknown as { session: { userId?: string } }).session = { userId: req.get('x-user') };
    next();
  });
  app.use(lanes.middleware);
  app.get('/read/:name', async (req, res) => {
    begun.push(req.params.name);
    await hang(req.params.name);
    res.json({ read: req.params.name });
  });
  app.get('/lend/:name', async (req, res) => {
    begun.push(req.params.name);
    await lendTurnWhile(req, hang(req.params.name));
    begun.push(`${req.params.name} again`);
    await hang(`${req.params.name} again`);
    res.json({ read: req.params.name });
  });
  // Lends its turn `times` times (a read waiting on the worker, then on the projector, ...), then says how many listeners its answer holds.
  app.get('/lend/:times/times', async (req, res) => {
    for (let i = 0; i < Number(req.params.times); i++) await lendTurnWhile(req, Promise.resolve());
    res.json({ closeListeners: res.listenerCount('close'), finishListeners: res.listenerCount('finish') });
  });
  app.post('/write/:name', (req, res) => void res.json({ saved: req.params.name }));
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((ok) => server!.once('listening', ok));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const ask = (user: string | null, path: string, method = 'GET') =>
    fetch(`${base}${path}`, { method, headers: user ? { 'x-user': user } : {} }).then(
      async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }),
      () => ({ status: 0, retryAfter: null, body: null }), // still hanging when the test ended
    );
  /** Until the lanes have settled what is in flight (requests travel over real sockets). */
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(ok()).toBe(true);
  };
  const answer = (name: string) => answers.get(name)!();
  return { lanes, begun, ask, until, answer };
}

describe("an account's lane for reads", () => {
  it("given account A's two turns taken and three of its reads waiting, when B reads, then B's read begins at once and A's wait in the order they came", async () => {
    const { lanes, begun, ask, until, answer } = await lanesApp({ atWork: 2, waiting: 10, waitMs: 60_000 });
    const a = ['a1', 'a2', 'a3', 'a4', 'a5'].map((n, i) => ask(i % 2 ? 'adam' : 'alice', `/read/${n}`));
    await until(() => lanes.counts().waiting === 3);
    expect(begun).toEqual(['a1', 'a2']);

    const b = ask('bob', '/read/b1');
    await until(() => begun.includes('b1'));
    expect(begun).toEqual(['a1', 'a2', 'b1']);

    answer('a2');
    await until(() => begun.length === 4);
    expect(begun[3]).toBe('a3');
    answer('b1');
    expect((await b).body).toEqual({ read: 'b1' });
    for (const n of ['a1', 'a3']) answer(n);
    await until(() => begun.length === 6);
    for (const n of ['a4', 'a5']) answer(n);
    expect((await Promise.all(a)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await until(() => lanes.counts().accounts === 0); // an idle account keeps no lane
  });

  it("given A's lane full, when A reads once more, then it is refused with 429 and Retry-After before its handler, and B still reads", async () => {
    const { lanes, begun, ask, until, answer } = await lanesApp({ atWork: 1, waiting: 1, waitMs: 60_000 });
    void ask('alice', '/read/a1');
    void ask('alice', '/read/a2');
    await until(() => lanes.counts().waiting === 1);

    const refused = await ask('adam', '/read/a3');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(refused.body).toMatchObject({ error: 'account_busy' });
    expect(begun).not.toContain('a3');

    const b = ask('bob', '/read/b1');
    await until(() => begun.includes('b1'));
    answer('b1');
    expect((await b).status).toBe(200);
  });

  it('given a read that waits on another process, when it lends its turn, then the next read of its account runs meanwhile, and it goes on after taking the turn back', async () => {
    const { begun, ask, until, answer } = await lanesApp({ atWork: 1, waiting: 10, waitMs: 60_000 });
    const lender = ask('alice', '/lend/report');
    await until(() => begun.includes('report'));
    const page = ask('adam', '/read/page');
    await until(() => begun.includes('page'));

    answer('report'); // the worker is done; the turn is still the page's
    await new Promise((r) => setTimeout(r, 50));
    expect(begun).not.toContain('report again');
    answer('page');
    expect((await page).status).toBe(200);
    await until(() => begun.includes('report again'));
    answer('report again');
    expect((await lender).status).toBe(200);
  });

  it('given a read that lends its turn twelve times, when it answers, then its answer holds one listener of the lane per event, not one per turn taken', async () => {
    const { ask } = await lanesApp({ atWork: 1, waiting: 10, waitMs: 60_000 });
    const once = await ask('alice', '/lend/1/times');
    const often = await ask('alice', '/lend/12/times');
    expect([once.status, often.status]).toEqual([200, 200]);
    // Before, each turn given back left its two listeners behind: a report's file piped to such an answer
    // passed Node's limit of 10 (MaxListenersExceededWarning at every report of a burst).
    expect(often.body).toEqual(once.body);
    expect(often.body.closeListeners).toBeLessThan(5);
  });

  it('given a lane of one turn held, when a write or a read with no one signed in arrives, then each passes straight on', async () => {
    const { lanes, begun, ask, until, answer } = await lanesApp({ atWork: 1, waiting: 10, waitMs: 60_000 });
    void ask('alice', '/read/a1');
    await until(() => lanes.counts().atWork === 1);
    expect((await ask('alice', '/write/w1', 'POST')).body).toEqual({ saved: 'w1' });
    const anonymous = ask(null, '/read/anon');
    await until(() => begun.includes('anon'));
    expect(lanes.counts()).toMatchObject({ atWork: 1, waiting: 0 });
    answer('anon');
    expect((await anonymous).status).toBe(200);
    answer('a1');
  });

  it('given lanes turned off (ACCOUNT_READS_AT_WORK=0), when one account reads three at once, then all three begin', async () => {
    const { begun, ask, until, answer } = await lanesApp({ atWork: 0, waiting: 10, waitMs: 60_000 });
    const reads = ['x', 'y', 'z'].map((n) => ask('alice', `/read/${n}`));
    await until(() => begun.length === 3);
    for (const n of ['x', 'y', 'z']) answer(n);
    expect((await Promise.all(reads)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('given lanes on or off, when signed-in users read and write and no one signed in reads, then each request names its account as served, and only those', async () => {
    for (const atWork of [2, 0]) {
      const served: string[] = [];
      const { ask, answer, until, begun } = await lanesApp({ atWork, waiting: 10, waitMs: 60_000 }, (account) => served.push(account));
      expect((await ask('bob', '/write/w1', 'POST')).status).toBe(200);
      const read = ask('alice', '/read/r1');
      await until(() => begun.includes('r1'));
      answer('r1');
      expect((await read).status).toBe(200);
      await ask(null, '/write/w2', 'POST');
      expect(served).toEqual(['B', 'A']);
      server?.closeAllConnections();
      await new Promise((ok) => server?.close(ok));
    }
  });
});
