/**
 * A session's rolling expiry is written at most every few minutes, not on every request
 * (apps/api/src/platform/session.ts SessionStore): each write was an UPDATE and a flush, reads included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

let app: TestApp;
let db: pg.Pool;

beforeAll(async () => {
  app = await startTestApp('api_session_touch', { projector: false });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
});
afterAll(async () => {
  await db?.end();
  await app?.stop();
});

const expiryOf = async (sid: string) => (await db.query<{ expire: Date }>('select expire from sessions where sid = $1', [sid])).rows[0]?.expire.getTime();

describe('rolling session expiry', () => {
  it('given a signed-in session touched once, when it makes more requests within minutes, then its stored expiry is not written again, and the cookie still rolls', async () => {
    const c = await Client.signUp(app.url);
    const sid = decodeURIComponent(c.cookies.get('sessionid')!).replace(/^s:/, '').split('.')[0];
    await c.get('/api/auth/me');
    expect(await expiryOf(sid)).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
    // Marked, so that a touch (which writes a fortnight from now) would show.
    await db.query(`update sessions set expire = now() + interval '1 day' where sid = $1`, [sid]);
    const touched = await expiryOf(sid);
    for (let i = 0; i < 3; i++) {
      const r = await c.get('/api/auth/me');
      expect(r.status).toBe(200);
      expect(String(r.headers.get('set-cookie') ?? '')).toMatch(/sessionid=/);
    }
    expect(await expiryOf(sid)).toBe(touched);
  });
});
