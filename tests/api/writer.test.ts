/**
 * A change queued on a shared tablet names who made it (X-Trenchline-Writer, docs/offline.md): under
 * another user's session the server refuses it before anything runs, so the sync need not ask who is
 * signed in before each send. The spec's client sends no such header and is not affected.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { office, rival, eventCount } = apiTest('api_writer');

const writerOf = async (c: Client) => {
  const { user } = (await c.get('/api/auth/me')).body;
  return `${user.id}:${user.account_id}`;
};
const ticket = (title: string) => ({ form_type: 'base_ticket', ticket_status: 'New', title });

describe('a queued change names its writer', () => {
  it('given a change made by one user, when it is sent under another user\'s session, then 403 another_user_signed_in naming the header, and nothing is written', async () => {
    const theirs = await writerOf(rival);
    const before = await eventCount();

    const r = await office.post('/api/tickets/', ticket('Made by the rival'), { 'X-Trenchline-Writer': theirs });

    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'another_user_signed_in', fields: { 'X-Trenchline-Writer': expect.any(String) } });
    expect(await eventCount()).toBe(before);
  });

  it('given a change naming the signed-in user, or naming nobody (the spec\'s client), then it is written', async () => {
    expect((await office.post('/api/tickets/', ticket('Mine, from the outbox'), { 'X-Trenchline-Writer': await writerOf(office) })).status).toBe(201);
    expect((await office.post('/api/tickets/', ticket('Mine, no header'))).status).toBe(201);
  });

  it('given a read naming another writer, then it is answered: only writes are refused', async () => {
    expect((await office.get('/api/tickets/', { 'X-Trenchline-Writer': await writerOf(rival) })).status).toBe(200);
  });
});
