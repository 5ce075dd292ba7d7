/** The write side's door: writes at work bounded, the rest queued in order within a bound, past it refused before any work. */
import { afterEach, describe, expect, it } from 'vitest';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { admissionGate, type AdmissionLimits } from './admission.ts';
import { errorHandler } from './errors.ts';

let server: Server | null = null;
afterEach(async () => {
  // Writes a test left waiting are cut off with their sockets.
  server?.closeAllConnections();
  await new Promise((ok) => server?.close(ok));
  server = null;
});

/** An app behind the door whose writes each wait until the test lets them finish; `started` records the order they began in. */
async function doorApp(limits: AdmissionLimits) {
  const gate = admissionGate(limits);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const app = express();
  app.use(gate.middleware);
  app.get('/read', (_req, res) => void res.json({ read: true }));
  app.put('/write/:n', (req, res) => {
    started.push(req.params.n);
    finish.set(req.params.n, () => void res.json({ saved: req.params.n }));
  });
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((ok) => server!.once('listening', ok));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const put = (n: number) =>
    fetch(`${base}/write/${n}`, { method: 'PUT' }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }),
      // A write still waiting when the test ends is cut off with its socket.
      () => ({ status: 0, retryAfter: null, body: null }),
    );
  /** Until the gate has settled what is in flight (requests travel over real sockets). */
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(ok()).toBe(true);
  };
  return { gate, started, finish, put, base, until };
}

describe('the write door', () => {
  it('given 2 writes at work and 3 waiting, when a sixth arrives, then it is refused at once with 503 and Retry-After, and never reaches its handler', async () => {
    const { gate, started, put, until } = await doorApp({ atWork: 2, waiting: 3, waitMs: 60_000 });
    const pending = [1, 2, 3, 4, 5].map(put);
    await until(() => gate.counts().waiting === 3);
    const sixth = await put(6);
    expect(sixth.status).toBe(503);
    expect(sixth.retryAfter).toBe('1');
    expect(sixth.body).toMatchObject({ error: 'overloaded' });
    expect(sixth.body.message).toContain('Nothing was saved');
    expect(started).toHaveLength(2);
    expect(started).not.toContain('6');
    expect(gate.counts()).toMatchObject({ atWork: 2, waiting: 3, refusedFull: 1 });
    expect(pending).toHaveLength(5);
  });

  it('given writes waiting, when those at work finish, then the waiting ones start in the order they came, never more than the bound at once', async () => {
    const { gate, started, finish, put, until } = await doorApp({ atWork: 2, waiting: 10, waitMs: 60_000 });
    const answers = [put(1), put(2)];
    await until(() => started.length === 2);
    for (const n of [3, 4, 5]) {
      answers.push(put(n));
      await until(() => gate.counts().waiting === n - 2);
    }
    for (let done = 0; done < 5; done++) {
      await until(() => started.length === Math.min(5, done + 2));
      await until(() => gate.counts().atWork === Math.min(2, 5 - done));
      finish.get(started[done])!();
    }
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(started.slice(2)).toEqual(['3', '4', '5']);
    expect(gate.counts()).toMatchObject({ atWork: 0, waiting: 0, admitted: 5, refusedFull: 0, refusedWaited: 0 });
  });

  it('given a write that waits longer than the bound, when its time is up, then it is refused with 503 and never runs', async () => {
    const { gate, started, finish, put, until } = await doorApp({ atWork: 1, waiting: 5, waitMs: 50 });
    const held = put(1);
    await until(() => started.length === 1);
    const late = await put(2);
    expect(late.status).toBe(503);
    expect(late.body.message).toContain('waited 50 ms');
    expect(gate.counts()).toMatchObject({ refusedWaited: 1, waiting: 0 });
    finish.get('1')!();
    expect((await held).status).toBe(200);
    expect(started).toEqual(['1']);
  });

  it('given every turn taken and the queue full, when a read arrives, then it is answered: reads never wait at the door', async () => {
    const { base, gate, put, until } = await doorApp({ atWork: 1, waiting: 1, waitMs: 60_000 });
    void put(1);
    void put(2);
    await until(() => gate.counts().waiting === 1);
    const r = await fetch(`${base}/read`);
    expect(r.status).toBe(200);
  });
});
