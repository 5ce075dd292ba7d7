/**
 * Issue 29, "The chain has one order": re-ups of one locate at once, over HTTP against the real app.
 * A re-up replaces the ticket its author saw (If-Match, else the locate as the request found it); the
 * locate re-upped since is a 409 naming the newer ticket, nothing written. So of re-ups at once each
 * made one is based on the one before, and the chain, the history of locate numbers and the record's
 * history read the same tickets in the same order, each once. The spec's client (no If-Match, a
 * history record POSTed, then the whole locate PUT back) keeps working.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';
import type { Row } from '../support/orcaJobs.ts';

const { office, db } = apiTest('api_locates_reup_race');

const MEANWHILE = /^This locate was re-upped meanwhile \((RU-\d+) by (Office User|Frank Field)\): re-up the current ticket if it still needs one$/;

async function newLocate(): Promise<Row> {
  const r = await office.post('/api/locates/', { form_type: 'base_locate', current_ticket_number: 'RU-0', current_date_submitted: '2026-01-10' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** Ten re-ups of one locate at once, RU-1 ... RU-10, as `c` (with If-Match when `version` is given). */
const tenAtOnce = (c: Client, id: string, version?: number) =>
  Promise.all(Array.from({ length: 10 }, (_, i) => c.post(`/api/locates/${id}/reup/`, { ticket_number: `RU-${i + 1}` }, version === undefined ? {} : { 'If-Match': String(version) })));

/** The tickets the locate's re-ups made, in the order of its history (the store's order). */
async function reUpsInHistory(id: string): Promise<string[]> {
  const h = (await office.get(`/api/locates/${id}/history/`)).body as Row[];
  return h.filter((e) => e.type === 'LocateReUpped').map((e) => e.changes.find((c: Row) => c.field === 'current_ticket_number')?.new ?? null);
}

const storedReUps = async (id: string) => Number((await db.query(`select count(*) from events where stream_id = $1 and type = 'LocateReUpped'`, [`locate-${id}`])).rows[0].count);

describe('re-ups of one locate at once (issue 29)', () => {
  it('given a locate, when ten clients re-up it at once without If-Match (the spec’s client), then each is 201 or a 409 naming the newer ticket, and the chain, the history lines and the history read the made ones in one order, each once', async () => {
    const l = await newLocate();
    const answers = await tenAtOnce(office, l.id);

    const made = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(made.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body).toMatchObject({ error: 'conflict', message: expect.stringMatching(MEANWHILE) });
    }

    const inStore = await reUpsInHistory(l.id);
    expect(inStore).toHaveLength(made.length);
    expect(new Set(inStore).size).toBe(inStore.length);
    expect([...inStore].sort()).toEqual(made.map((r) => r.body.current_ticket_number).sort());
    const d = (await office.get(`/api/locates/${l.id}/`)).body as Row;
    expect(d.ticket_chain).toEqual(['RU-0', ...inStore]);
    expect(d.locate_numbers.map((n: Row) => n.ticket_number)).toEqual(['RU-0', ...inStore]);
    expect(d).toMatchObject({ current_ticket_number: inStore.at(-1), re_up_count: made.length });
    // Each made re-up answered the chain as it left it: the chain up to its own ticket.
    for (const r of made) expect(r.body.ticket_chain).toEqual(['RU-0', ...inStore.slice(0, inStore.indexOf(r.body.current_ticket_number) + 1)]);
    expect(await storedReUps(l.id)).toBe(made.length);
  }, 60_000);

  it('given ten re-ups at once each with If-Match of the version their user saw (the web), then one is made and the nine others are 409 naming its ticket, nothing written by them', async () => {
    const l = await newLocate();
    const answers = await tenAtOnce(office, l.id, l.version);
    const made = answers.filter((r) => r.status === 201);
    expect(made).toHaveLength(1);
    const winner = made[0].body.current_ticket_number;
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(9).fill(409));
    for (const r of refused) expect(r.body.message).toBe(`This locate was re-upped meanwhile (${winner} by Office User): re-up the current ticket if it still needs one`);
    expect(await storedReUps(l.id)).toBe(1);
    const d = (await office.get(`/api/locates/${l.id}/`)).body as Row;
    expect(d.ticket_chain).toEqual(['RU-0', winner]);
    expect(d.locate_numbers.map((n: Row) => n.ticket_number)).toEqual(['RU-0', winner]);
  }, 60_000);

  it('given a colleague re-upped the locate after I opened it, when I re-up from the version I saw, then 409 naming the colleague’s ticket; from the version the detail then shows, made after it', async () => {
    const frank = await office.addColleague('Frank Field');
    const l = await newLocate();
    expect((await frank.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'RU-7' })).status).toBe(201);
    const stale = await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'RU-8' }, { 'If-Match': String(l.version) });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.message).toBe('This locate was re-upped meanwhile (RU-7 by Frank Field): re-up the current ticket if it still needs one');
    // `version` in the body counts as If-Match does on the api's own re-up.
    expect((await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'RU-8', version: l.version })).status).toBe(409);
    const now = (await office.get(`/api/locates/${l.id}/`)).body as Row;
    const again = await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'RU-8' }, { 'If-Match': String(now.version) });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.ticket_chain).toEqual(['RU-0', 'RU-7', 'RU-8']);
    // A note added since the version seen is no re-up: no conflict.
    expect((await frank.post(`/api/locates/${l.id}/notes/`, { note: 'Marks flagged' })).status).toBe(201);
    const afterNote = await office.post(`/api/locates/${l.id}/reup/`, { ticket_number: 'RU-9' }, { 'If-Match': String(again.body.version) });
    expect(afterNote.status, JSON.stringify(afterNote.body)).toBe(201);
    expect(await reUpsInHistory(l.id)).toEqual(['RU-7', 'RU-8', 'RU-9']);
  }, 60_000);

  it('given the spec’s client, when it POSTs a history record (a copied line’s version in it) and PUTs the whole locate back, twice, then both are made in order: a version in a history record is no If-Match', async () => {
    const l = await newLocate();
    const first = await office.post(`/api/locates/${l.id}/locate_numbers/`, { ticket_number: 'RU-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const kept = (await office.put(`/api/locates/${l.id}/`, { ...l, current_ticket_number: 'RU-1' })).body as Row;
    expect(kept.ticket_chain).toEqual(['RU-0', 'RU-1']);
    const second = await office.post(`/api/locates/${l.id}/locate_numbers/`, { ...first.body, id: undefined, ticket_number: 'RU-2', version: 1 });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const put = await office.put(`/api/locates/${l.id}/`, { ...kept, current_ticket_number: 'RU-2' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ ticket_chain: ['RU-0', 'RU-1', 'RU-2'], current_ticket_number: 'RU-2' });
    expect(await reUpsInHistory(l.id)).toEqual(['RU-1', 'RU-2']);
  }, 60_000);
});
