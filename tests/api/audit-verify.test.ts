/**
 * GET /api/audit/verify/ (docs/audit.md) against the real app: a healthy account answers ok; an event
 * of the account edited by SQL is found with its stream and reason, and another account stays whole;
 * an anchor kept outside is checked; bad anchors are refused naming the field, and nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { makeAnchor } from '@trenchline/event-store';
import { apiTest } from '../support/apiTest.ts';

const { office, rival, db } = apiTest('api_audit_verify');

const accountOf = async (c: typeof office) => (await c.get('/api/auth/me')).body.user.account_id as string;
const eventCount = async () => Number((await db.query('select count(*) from events')).rows[0].count);

describe('GET /api/audit/verify/', () => {
  it('given an account with history, when verifying, then every event checks and nothing is written', async () => {
    expect((await office.post('/api/help/', { subject: 'Printer jammed' })).status).toBe(201);
    const before = await eventCount();
    const r = await office.get('/api/audit/verify/');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, events_checked: expect.any(Number), anchors_checked: 0, first_broken: null });
    expect(r.body.events_checked).toBeGreaterThan(0);
    expect(await eventCount()).toBe(before);
  });

  it('given an anchor kept outside, when it is checked, then the right one passes and a wrong one is reported at its position', async () => {
    const anchor = await makeAnchor(db, await accountOf(office));
    const good = await office.get(`/api/audit/verify/?anchor=${anchor.hash}&position=${anchor.position}`);
    expect(good.body).toMatchObject({ ok: true, anchors_checked: 2 }); // the kept one and the one given
    const wrong = await office.get(`/api/audit/verify/?anchor=${'0'.repeat(64)}&position=${anchor.position}`);
    expect(wrong.body).toMatchObject({ ok: false, first_broken: { position: anchor.position, stream: null, reason: expect.stringMatching(/does not match/) } });
  });

  it('given a bad anchor or one without its position, when verifying, then 400 names the field', async () => {
    const bad = await office.get('/api/audit/verify/?anchor=xyz&position=1:2');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ anchor: expect.any(String) });
    const alone = await office.get(`/api/audit/verify/?anchor=${'a'.repeat(64)}`);
    expect(alone.status).toBe(400);
    expect(alone.body.fields).toEqual({ position: expect.any(String) });
  });

  it("given an event of the account edited by SQL, when verifying, then it is found with its stream; the other account's history is whole", async () => {
    const account = await accountOf(office);
    const { rows } = await db.query<{ stream_id: string; p: string }>(
      `update events set data = data || '{"subject": "Nothing happened"}'
        where event_id = (select event_id from events where account_id = $1 and type = 'HelpTicketRaised' limit 1)
        returning stream_id, transaction_id::text || ':' || global_position::text as p`,
      [account],
    );
    expect(rows).toHaveLength(1);
    const r = await office.get('/api/audit/verify/');
    expect(r.status).toBe(200);
    // The anchor kept earlier still matches: it vouches for the stored hashes, which the edit left alone.
    expect(r.body).toMatchObject({ ok: false, first_broken: { position: rows[0].p, stream: rows[0].stream_id, reason: expect.stringMatching(/edited/) } });
    expect((await rival.get('/api/audit/verify/')).body).toMatchObject({ ok: true, first_broken: null });
  });
});
