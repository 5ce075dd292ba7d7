/**
 * A client reads its own writes without X-Min-Position (issue 28): the spec's client never sends it,
 * so the server keeps each session's last write position and the session's next list read waits for
 * it (bounded, as X-Min-Position does). A colleague who wrote nothing is not held up by it.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { withDatabase } from '@trenchline/read-model';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { app, office } = apiTest('api_read_your_writes');

type Row = { id: string; name?: string; customer_name?: string };
const ids = (rows: Row[]) => rows.map((r) => String(r.id));

/** The answer and how long it took to come. */
async function timed<T>(p: Promise<T>) {
  const t0 = performance.now();
  const r = await p;
  return { r, ms: performance.now() - t0 };
}

describe('the old client, which never sends X-Min-Position', () => {
  it('given a customer just created and an order just deleted, when it lists them at once, then the new customer is listed and the deleted order is not, every time', async () => {
    for (let i = 0; i < 10; i++) {
      const customer = await office.post('/api/settings/customers/', { name: `Walk-in ${i}` });
      expect(customer.status).toBe(201);
      expect(ids((await office.get('/api/settings/customers/?all=t')).body)).toContain(String(customer.body.id));
      const order = await office.post('/api/crs/orders/', { customer_name: `Order ${i}` });
      expect(ids((await office.get('/api/crs/orders/')).body)).toContain(String(order.body.id));
      expect((await office.del(`/api/crs/orders/${order.body.id}`)).status).toBe(200);
      expect(ids((await office.get('/api/crs/orders/')).body)).not.toContain(String(order.body.id));
    }
  });

  it('given the lists held back, when the client reads a list right after its write, then the read waits for the write while a colleague\'s read does not, and shows the write once the lists catch up', async () => {
    const colleague: Client = await office.addColleague('Colin Colleague');
    await app.caughtUp();
    await app.stopProjector();
    try {
      const made = await office.post('/api/settings/customers/', { name: 'Held back' });
      expect(made.status).toBe(201);
      const waiting = timed(office.get('/api/settings/customers/?all=t'));
      // The colleague wrote nothing since signing in: its read answers at once, the lists as they stand.
      const other = await timed(colleague.get('/api/settings/customers/?all=t'));
      expect(ids(other.r.body)).not.toContain(String(made.body.id));
      await app.resumeProjector();
      const own = await waiting;
      expect(own.r.status).toBe(200);
      expect(ids(own.r.body)).toContain(String(made.body.id));
      expect(own.ms).toBeGreaterThan(other.ms);
    } finally {
      await app.resumeProjector();
    }
  });

  it('given a transaction of another database holding the store back for 6 s, when the client reads the list right after its write, then the read waits past the 5 s a stalled projector gets and shows the write', async () => {
    const holder = new pg.Client({ connectionString: withDatabase(app.databaseUrl, 'postgres'), application_name: 'ryw-test-holder' });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select txid_current()');
      const made = await office.post('/api/settings/customers/', { name: 'Behind a transaction' });
      expect(made.status).toBe(201);
      // The write is committed but not readable until the holder ends: the projections cannot move meanwhile.
      const ended = new Promise((r) => setTimeout(r, 6000)).then(() => holder.query('rollback'));
      const { r, ms } = await timed(office.get('/api/settings/customers/?all=t'));
      await ended;
      expect(ids(r.body)).toContain(String(made.body.id));
      expect(ms).toBeGreaterThan(5000);
    } finally {
      await holder.end().catch(() => undefined);
    }
  }, 30_000);
});
