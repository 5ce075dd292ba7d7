/**
 * Document numbers under concurrency (issue: "two users creating jobs at the same moment get different
 * numbers"): 8 users of one account each ask for 200 job numbers at once. Every number from 1 to 1600
 * is handed out exactly once, the counter ends at 1600 and its stream holds one event per number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

const CLIENTS = 8;
const PER_CLIENT = 200;

let app: TestApp;
let users: Client[];
let db: pg.Pool;

beforeAll(async () => {
  app = await startTestApp('api_number_allocation', { projector: false });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  const owner = await Client.signUp(app.url, 'Numbers');
  users = [owner];
  for (let i = 1; i < CLIENTS; i++) {
    const email = `clerk${i}.${Date.now()}@example.com`;
    // Admins: the later tests set the counters, a setting (docs/roles.md).
    expect((await owner.post('/api/settings/users/', { display_name: `Clerk ${i}`, email, password: 'long enough pw', role: 'admin' })).status).toBe(201);
    const c = new Client(app.url);
    await c.get('/api/auth/me');
    expect((await c.post('/api/auth/login', { email, password: 'long enough pw' })).status).toBe(200);
    users.push(c);
  }
});
afterAll(async () => {
  await db?.end();
  await app?.stop();
});

describe('document number allocation', () => {
  it(`given ${CLIENTS} users, when each asks for ${PER_CLIENT} job numbers at once, then all are distinct and gap-free`, async () => {
    const numbers = (
      await Promise.all(
        users.map(async (c) => {
          const mine: number[] = [];
          for (let i = 0; i < PER_CLIENT; i++) {
            const r = await c.post('/api/settings/current_number/job/issue/');
            expect(r.status).toBe(201);
            mine.push(r.body.number);
          }
          return mine;
        }),
      )
    ).flat();
    const total = CLIENTS * PER_CLIENT;
    expect(new Set(numbers).size).toBe(total);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));

    const counter = await users[0].get('/api/settings/current_number/job/');
    expect(counter.body).toMatchObject({ number: total, highest_issued: total, suggested_number: total + 1 });
    const { rows } = await db.query(`select count(*)::int as n from events where type = 'DocumentNumberIssued' and stream_id = $1`, [`document_counter-${counter.body.id}`]);
    expect(rows[0].n).toBe(total);
  }, 120_000);

  it('given numbers were handed out, when the counter is set back below them, then 400 and the next number is still new', async () => {
    const c = users[1];
    const counter = (await c.get('/api/settings/current_number/job/')).body;
    const r = await c.put(`/api/settings/current_number/job/${counter.id}/`, { number: counter.number - 10 });
    expect(r.status).toBe(400);
    expect(r.body.fields.number).toMatch(/at least/);
    expect((await c.post('/api/settings/current_number/job/issue/')).body.number).toBe(counter.number + 1);
  });

  it('given a counter moved forward, when numbers are issued concurrently, then they continue from the new value', async () => {
    const counter = (await users[2].get('/api/settings/current_number/rfq/')).body;
    expect((await users[2].put(`/api/settings/current_number/rfq/${counter.id}/`, { number: 5000 })).status).toBe(200);
    const got = await Promise.all(users.map((c) => c.post('/api/settings/current_number/rfq/issue/').then((r) => r.body.number)));
    expect(got.sort((a, b) => a - b)).toEqual(Array.from({ length: CLIENTS }, (_, i) => 5001 + i));
  });
});
