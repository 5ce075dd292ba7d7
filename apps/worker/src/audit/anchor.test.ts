/**
 * The daily history anchor (docs/audit.md) on a real database: each open account's anchor is mailed to
 * its admins (its first user when it has none), recorded as HistoryAnchored on its settings record and
 * kept, once a day; a verification then checks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent, testMeta } from '@trenchline/event-store/contract.ts';
import { NO_STREAM, verifyHistory } from '@trenchline/event-store';
import { openTestWorker } from '../testing.ts';
import { anchorHistories } from './anchor.ts';

let w: Awaited<ReturnType<typeof openTestWorker>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  w = await openTestWorker('worker_history_anchor');
  for (const name of ['Dig Co', 'Bore Co', 'Gone Co']) {
    ids[name] = (await w.pool.query<{ id: string }>(`insert into accounts (name, cancelled_at) values ($1, $2) returning id::text`, [name, name === 'Gone Co' ? new Date() : null])).rows[0].id;
  }
  const user = (account: string, email: string, role = 'office') =>
    w.pool.query(`insert into users (account_id, email, display_name, password_hash, role) values ($1, $2, $2, 'x', $3)`, [ids[account], email, role]);
  await user('Dig Co', 'first@dig.example');
  await user('Dig Co', 'second@dig.example');
  await user('Bore Co', 'office@bore.example');
  await user('Bore Co', 'boss@bore.example', 'admin');
  await user('Gone Co', 'gone@gone.example', 'admin');
  await w.store.append('bid-1', [testEvent('BidCreated', { amount: 10 }, testMeta({ accountId: ids['Dig Co'] }))], { expectedVersion: NO_STREAM });
});
afterAll(async () => {
  await w?.close();
});

const mails = async () => (await w.pool.query<{ to: string; subject: string; body: string }>(`select "to", subject, body from mail_outbox where kind = 'history_anchor' order by id`)).rows;

describe('daily history anchor', () => {
  it("given open accounts, when the day's anchor runs, then each is mailed to its admins, recorded in its trail and kept; a cancelled one is left", async () => {
    expect(await anchorHistories(w.ctx)()).toMatchObject({ accounts: 2, anchored: 2 });

    const sent = await mails();
    expect(sent.map((m) => m.to)).toEqual(['first@dig.example', 'boss@bore.example']);
    const kept = (await w.pool.query<{ account_id: string; position: string; hash: string; events: number }>(`select account_id::text, position, encode(hash, 'hex') as hash, events from history_anchors order by account_id`)).rows;
    expect(kept).toHaveLength(2);
    const dig = kept.find((k) => k.account_id === ids['Dig Co'])!;
    expect(dig.events).toBe(1);
    expect(sent[0].body).toContain(dig.hash);
    expect(sent[0].body).toContain(`--account ${ids['Dig Co']} --anchor ${dig.hash} --position ${dig.position}`);

    const { rows: recorded } = await w.pool.query<{ stream_id: string; data: Record<string, unknown>; metadata: { userName: string } }>(
      `select stream_id, data, metadata from events where type = 'HistoryAnchored' and account_id = $1`,
      [ids['Dig Co']],
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0].stream_id).toMatch(/^account_settings-/);
    expect(recorded[0].data).toEqual({ position: dig.position, hash: dig.hash, events: 1, streams: 1, mailed_to: ['first@dig.example'] });
    expect(await verifyHistory(w.pool, { accountId: ids['Dig Co'] })).toMatchObject({ ok: true, anchors_checked: 1 });
  });

  it('given the day anchored, when the job runs again that day, then nothing more is mailed or recorded', async () => {
    const before = (await mails()).length;
    expect(await anchorHistories(w.ctx)()).toMatchObject({ anchored: 0 });
    expect((await mails()).length).toBe(before);
  });
});
