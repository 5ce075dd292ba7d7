/**
 * What the settings test files (tests/api/settings-*.test.ts) share: their setup (apiTest) with a
 * signed-in colleague of the office and a catalog add, and the uploads they send.
 */
import { expect } from 'vitest';
import { apiTest } from './apiTest.ts';
import { Client } from './client.ts';

export const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function multipart(content: string | Buffer, type: string, name: string, fields: Record<string, string> = {}) {
  const f = new FormData();
  f.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}
export const csv = (text: string, name = 'rates.csv') => multipart(text, 'text/csv', name);

/** apiTest(label), plus `colleague` and `add` over its app and office. */
export function settingsTest(label: string) {
  const setup = apiTest(label);
  const { app, office } = setup;

  /** A second user of the office's account, signed in: an admin, as settings are an admin's to change (docs/roles.md). */
  async function colleague(name = 'Casey Colleague'): Promise<Client> {
    const email = `colleague.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const r = await office.post('/api/settings/users/', { display_name: name, email, password: 'long enough pw', role: 'admin' });
    expect(r.status).toBe(201);
    const c = new Client(app.url);
    await c.get('/api/auth/me');
    expect((await c.post('/api/auth/login', { email, password: 'long enough pw' })).status).toBe(200);
    return c;
  }

  async function add(catalog: string, values: Record<string, unknown>, c = office) {
    const r = await c.post(`/api/settings/${catalog}/`, values);
    expect(r.status).toBe(201);
    return r.body;
  }

  return { ...setup, colleague, add };
}
