/**
 * Never twice (issue 35, docs/offline.md): a create or command sent with an Idempotency-Key runs once.
 * Sent again with the same request, it answers the first answer again (Idempotent-Replayed: true) and
 * writes nothing; with another request it is a 422 naming the header; two at once make one record; a
 * 400 is kept and replayed; an upload counts its file; another user's same key is another key; a bad key
 * is a 400; a holder that died is taken over; a waiting request gets the holder's answer; a 500 frees the key. Without the
 * header (the spec's client) nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client, Res } from '../support/client.ts';
import { picture } from '../support/files.ts';
import { eventsOfStream } from '../support/reports.ts';
import { defineRoutes, reply } from '@trenchline/api/platform/routes.ts';

/** A write that fails on the server the first time it is called (a 500), then answers how often it ran. */
let flakyRuns = 0;
const flaky = defineRoutes('flaky', [
  {
    method: 'post',
    path: '/flaky',
    summary: 'Fails once, then counts',
    handle: async () => {
      if (++flakyRuns === 1) throw new Error('the server failed this time');
      return reply({ status: 201, body: { runs: flakyRuns } });
    },
  },
]);

const { office, rival, db, eventCount } = apiTest('api_idempotency', { now: () => new Date('2026-11-27T15:00:00Z'), areas: [flaky] });

let n = 0;
/** A key of its own per call, as the web makes one per write. */
const newKey = () => `test-key-${++n}-${Math.random().toString(36).slice(2)}`;
const keyed = (key: string) => ({ 'Idempotency-Key': key });
const ticketBody = (title: string) => ({ form_type: 'base_ticket', ticket_status: 'New', title });
const createTicket = (c: Client, title: string, key?: string) => c.post('/api/tickets/', ticketBody(title), key ? keyed(key) : {});
const ticketsCreated = async (title: string) =>
  Number((await db.query(`select count(*) from events where type = 'TicketCreated' and data->'values'->>'title' = $1`, [title])).rows[0].count);
const replayed = (r: Res) => r.headers.get('idempotent-replayed');

function expectCreated(r: Res) {
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Record<string, any>;
}

describe('replaying a keyed write', () => {
  it('given a ticket created with a key, when the same request is sent again, then the first answer comes back replayed and no second ticket or event is made', async () => {
    const key = newKey();
    const first = await createTicket(office, 'Replayed create', key);
    const made = expectCreated(first);
    const before = await eventCount();

    const again = await createTicket(office, 'Replayed create', key);

    expect(again.status).toBe(201);
    expect(again.body).toEqual(made);
    expect(replayed(again)).toBe('true');
    expect(replayed(first)).toBe(null);
    for (const h of ['location', 'x-position', 'content-type']) expect(again.headers.get(h), h).toBe(first.headers.get(h));
    expect(await eventCount()).toBe(before);
    expect(await ticketsCreated('Replayed create')).toBe(1);
    const listed = await office.list('/api/tickets/?q=Replayed%20create');
    expect(listed.body.map((t: { id: string }) => t.id)).toEqual([made.id]);
  });

  it('given a line added to a ticket and a ticket approved with keys, when each is sent again, then the same line and approval answer, and the ticket stream keeps its events', async () => {
    const t = expectCreated(await createTicket(office, 'Replayed commands'));
    const lineKey = newKey();
    const line = expectCreated(await office.post(`/api/tickets/${t.id}/productions/`, { work_type: 'Handhole', qty: 1 }, keyed(lineKey)));
    const approveKey = newKey();
    const approved = await office.post(`/api/tickets/${t.id}/approve/`, {}, keyed(approveKey));
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const events = (await eventsOfStream(db, `ticket-${t.id}`)).length;

    const lineAgain = await office.post(`/api/tickets/${t.id}/productions/`, { qty: 1, work_type: 'Handhole' }, keyed(lineKey));
    const approvedAgain = await office.post(`/api/tickets/${t.id}/approve/`, {}, keyed(approveKey));

    expect([lineAgain.status, lineAgain.body.id, replayed(lineAgain)]).toEqual([201, line.id, 'true']);
    expect([approvedAgain.status, approvedAgain.body, replayed(approvedAgain)]).toEqual([200, approved.body, 'true']);
    expect((await eventsOfStream(db, `ticket-${t.id}`)).length).toBe(events);
  });

  it('given a GET that writes (the bulk approval) sent with a key, when sent again, then replayed; with other ids, then 422', async () => {
    const t = expectCreated(await createTicket(office, 'Approved by GET'));
    const key = newKey();
    const first = await office.get(`/api/tickets/ticket_approvals/?ids=${t.id}`, keyed(key));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await eventCount();

    const again = await office.get(`/api/tickets/ticket_approvals/?ids=${t.id}`, keyed(key));
    const other = await office.get(`/api/tickets/ticket_approvals/?ids=${t.id},1`, keyed(key));

    expect([again.status, again.body, replayed(again)]).toEqual([200, first.body, 'true']);
    expect(other.status).toBe(422);
    expect(await eventCount()).toBe(before);
  });

  it('given a ticket photo uploaded with a key, when the same file is sent again, then the same line answers and the ticket holds one photo; another file with the key is 422', async () => {
    const t = expectCreated(await createTicket(office, 'Replayed upload'));
    const form = (bytes: Buffer) => {
      const f = new FormData();
      f.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'site.png');
      return f;
    };
    const key = newKey();
    const first = expectCreated(await office.post(`/api/tickets/${t.id}/photos/`, form(picture('site')), keyed(key)));
    const before = await eventCount();

    const again = await office.post(`/api/tickets/${t.id}/photos/`, form(picture('site')), keyed(key));
    const otherFile = await office.post(`/api/tickets/${t.id}/photos/`, form(picture('another site')), keyed(key));

    expect([again.status, again.body, replayed(again)]).toEqual([201, first, 'true']);
    expect(otherFile.status).toBe(422);
    expect(await eventCount()).toBe(before);
    expect((await office.get(`/api/tickets/${t.id}/`)).body.photos).toHaveLength(1);
  });

  it('given a refused create (400) sent with a key, when sent again, then the same 400 is replayed', async () => {
    const key = newKey();
    const first = await office.post('/api/tickets/', { form_type: 'nope' }, keyed(key));
    expect(first.status).toBe(400);

    const again = await office.post('/api/tickets/', { form_type: 'nope' }, keyed(key));

    expect([again.status, again.body, replayed(again)]).toEqual([400, first.body, 'true']);
  });
});

describe('what a key is and whose', () => {
  it('given a key used once, when sent with another body, then 422 idempotency_key_reused naming the header, and nothing written', async () => {
    const key = newKey();
    expectCreated(await createTicket(office, 'First body', key));
    const before = await eventCount();

    const other = await createTicket(office, 'Second body', key);

    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'idempotency_key_reused', fields: { 'Idempotency-Key': expect.any(String) } });
    expect(await eventCount()).toBe(before);
    expect(await ticketsCreated('Second body')).toBe(0);
  });

  it("given another user's key, when a colleague and another account send the same key and body, then each gets a ticket of their own", async () => {
    const key = newKey();
    const colleague = await office.addColleague('Carla Colleague', 'office');
    const mine = expectCreated(await createTicket(office, 'Same key, three users', key));
    const theirs = expectCreated(await createTicket(colleague, 'Same key, three users', key));
    const rivals = expectCreated(await createTicket(rival, 'Same key, three users', key));

    expect(new Set([mine.id, theirs.id, rivals.id]).size).toBe(3);
    expect(await ticketsCreated('Same key, three users')).toBe(3);
  });

  it('given a key longer than 255 characters, empty, or not printable ASCII, then 400 naming Idempotency-Key and nothing written', async () => {
    const before = await eventCount();
    for (const key of ['k'.repeat(256), '', 'clé']) {
      const r = await createTicket(office, 'Bad key', key || ' ');
      expect(r.status, JSON.stringify(key)).toBe(400);
      expect(Object.keys(r.body.fields), JSON.stringify(key)).toEqual(['Idempotency-Key']);
    }
    expect(await eventCount()).toBe(before);
  });

  it('given no key (the spec\'s client), when the same create is sent twice, then two tickets are made as before', async () => {
    expectCreated(await createTicket(office, 'No key'));
    expectCreated(await createTicket(office, 'No key'));
    expect(await ticketsCreated('No key')).toBe(2);
  });
});

describe('one key at once, and a failure', () => {
  it('given two identical keyed creates sent at once, then one ticket is made and both answers name it', async () => {
    const key = newKey();
    const [a, b] = await Promise.all([createTicket(office, 'Sent twice at once', key), createTicket(office, 'Sent twice at once', key)]);

    expect(expectCreated(a).id).toBe(expectCreated(b).id);
    expect([replayed(a), replayed(b)].sort()).toEqual(['true', null].sort());
    expect(await ticketsCreated('Sent twice at once')).toBe(1);
  });

  it('given a key whose holder is still at work, when the same request comes, then it waits and answers the answer the holder keeps', async () => {
    const key = newKey();
    const first = expectCreated(await createTicket(office, 'Held while working', key));
    // As if the first were still at work: its row made again as working, in a transaction left open, so the second's claim waits on it.
    const holder = await db.connect();
    try {
      await holder.query('begin');
      const { rows } = await holder.query('delete from idempotency_keys where key = $1 returning *', [key]);
      await holder.query(`insert into idempotency_keys (account_id, user_id, key, fingerprint, state, created_at, locked_until) values ($1, $2, $3, $4, 'working', now(), now() + interval '1 hour')`, [rows[0].account_id, rows[0].user_id, key, rows[0].fingerprint]);
      const waiting = createTicket(office, 'Held while working', key);
      await expect.poll(async () => (await db.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into idempotency_keys%'`)).rows[0].n, { timeout: 10_000 }).toBe(1);
      await holder.query('commit');
      // The holder finishes: its answer kept.
      await db.query(`update idempotency_keys set state = 'done', status = $2, headers = $3, body = $4 where key = $1`, [key, rows[0].status, rows[0].headers, rows[0].body]);

      const r = await waiting;
      expect([r.status, r.body, replayed(r)]).toEqual([201, first, 'true']);
      expect(await ticketsCreated('Held while working')).toBe(1);
    } finally {
      holder.release();
    }
  });

  it('given a keyed write the server failed (500), when sent again, then the key was freed and it runs; a third time, then replayed', async () => {
    const key = newKey();
    const failed = await office.post('/api/flaky/', {}, keyed(key));
    expect(failed.status).toBe(500);

    const ran = await office.post('/api/flaky/', {}, keyed(key));
    const third = await office.post('/api/flaky/', {}, keyed(key));

    expect([ran.status, ran.body, replayed(ran)]).toEqual([201, { runs: 2 }, null]);
    expect([third.status, third.body, replayed(third)]).toEqual([201, { runs: 2 }, 'true']);
  });

  it('given a key whose holder died (its lease lapsed), when the same request comes, then it takes the key over and runs', async () => {
    const key = newKey();
    expectCreated(await createTicket(office, 'Holder died', key));
    await db.query(`update idempotency_keys set state = 'working', body = null, status = null, locked_until = '2026-11-27T14:00:00Z' where key = $1`, [key]);

    const r = await createTicket(office, 'Holder died', key);

    expect([r.status, replayed(r)]).toEqual([201, null]);
    expect((await db.query('select state, status from idempotency_keys where key = $1', [key])).rows[0]).toMatchObject({ state: 'done', status: 201 });
  });
});
