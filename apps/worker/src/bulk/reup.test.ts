/**
 * The bulk re-up against the real Postgres and event store: the account's locate rules read from its
 * one Settings record (the spec's defaults when it has none), and each locate re-upped by exactly one
 * event when two workers run the same operation at once, another account's locate failed untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Knex } from 'knex';
import { allocateId } from '@trenchline/event-store';
import type { Writer } from '@trenchline/platform';
import { DEFAULT_LOCATE_RULES, locateView, type BulkSelection, type LocateState } from '@trenchline/domain';
import type { WorkerContext } from '../context.ts';
import { openTestWorker } from '../testing.ts';
import { bulkProgress } from './progress.ts';
import { resolveSelection } from './resolve.ts';
import { accountLocateRules, reUpRecords } from './reup.ts';

const pat: Writer = { accountId: '1', userId: '7', userName: 'Pat Office' };
const rival: Writer = { accountId: '2', userId: '8', userName: 'Rick Rival' };
let db: Knex;
let pool: pg.Pool;
let ctx: WorkerContext;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ db, pool, ctx, close } = await openTestWorker('worker_bulk_reup'));
});
afterAll(async () => close?.());

async function locates(as: Writer, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await allocateId(pool, { kind: 'locate', accountId: as.accountId });
    await ctx.commands.execute(as, 'locate', id, { type: 'CreateLocate', locateId: id, values: { form_type: 'base_locate', current_ticket_number: `W-${id}`, current_date_submitted: '2026-11-01' }, rules: DEFAULT_LOCATE_RULES }, { create: true });
    ids.push(id);
  }
  return ids;
}

/** An operation requested as the api requests it (its record and its progress row), its selection resolved. */
async function requested(selection: BulkSelection) {
  const id = await allocateId(pool, { kind: 'bulk_operation', accountId: pat.accountId });
  await ctx.commands.execute(pat, 'bulk_operation', id, { type: 'RequestBulkOperation', operationId: id, list: 'locates', action: 'reup', report: null, format: null, selection }, {
    create: true,
    sideWrites: async (client) => void (await client.query('insert into bulk_operations (id, account_id, requested_by, list, action) values ($1, $2, $3, $4, $5)', [id, pat.accountId, pat.userId, 'locates', 'reup'])),
  });
  await resolveSelection(ctx, id, pat.accountId, 'locates', selection);
  return id;
}

const reUpCounts = async (ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, 0]).concat((await pool.query(`select stream_id, count(*)::int as n from events where type = 'LocateReUpped' and stream_id = any($1) group by stream_id`, [ids.map((id) => `locate-${id}`)])).rows.map((r) => [r.stream_id.slice('locate-'.length), r.n])));

describe('the bulk re-up', () => {
  it('given an account that never opened its locate settings, then the spec’s rules; once it has, its own', async () => {
    expect(await accountLocateRules(ctx, pat.accountId)).toEqual(DEFAULT_LOCATE_RULES);
    const id = await allocateId(pool, { kind: 'locate_settings', accountId: pat.accountId });
    await ctx.commands.execute(pat, 'locate_settings', id, { type: 'OpenRecord', id, values: { ticket_life_days: 10, ticket_life_basis: 'working', work_wait_days: 2, reup_lead_days: 3 } }, {
      create: true,
      sideWrites: async (client) => void (await client.query('insert into account_records (account_id, key, id) values ($1, $2, $3)', [pat.accountId, 'locate_settings', id])),
    });
    await ctx.commands.execute(pat, 'locate_settings', id, { type: 'AddLine', collection: 'locate_holidays', lineId: await allocateId(pool, { kind: 'locate_holidays', accountId: pat.accountId }), values: { date: '2026-11-26', name: 'Thanksgiving' } });
    expect(await accountLocateRules(ctx, pat.accountId)).toEqual({ ticket_life_days: 10, ticket_life_basis: 'working', work_wait_days: 2, reup_lead_days: 3, holidays: ['2026-11-26'] });
    expect(await accountLocateRules(ctx, rival.accountId)).toEqual(DEFAULT_LOCATE_RULES);
  });

  it('given two workers re-upping the same operation at once, then each locate is re-upped by one event, and a third run adds none', async () => {
    const ids = await locates(pat, 30);
    const [theirs] = await locates(rival, 1);
    const opId = await requested({ ids: [...ids, theirs] });
    const state = (await ctx.commands.read('bulk_operation', opId)).state as never;
    const run = () => reUpRecords(ctx, { operationId: opId, as: pat, today: '2026-11-22', progress: bulkProgress(ctx, state, pat.accountId, { status: 'running', total: 31, done: 0, failed: 0, label: 'Re-upping...', file_url: null, message: null }) });
    await Promise.all([run(), run()]);
    await run();
    const counts = await reUpCounts([...ids, theirs]);
    expect(ids.map((id) => counts[id])).toEqual(ids.map(() => 1));
    expect(counts[theirs]).toBe(0);
    const records = await db('bulk_operation_records').where({ operation_id: opId }).orderBy('position').select('state', 'message');
    expect(records.slice(0, 30).every((r) => r.state === 'done')).toBe(true);
    expect(records[30]).toEqual({ state: 'failed', message: 'Locate not found' });
    // No line ids were handed out in the other account's locate's stream.
    expect((await pool.query(`select count(*)::int as n from record_index where stream_id = $1 and kind = 'locate_numbers'`, [`locate-${theirs}`])).rows[0].n).toBe(0);
  }, 60_000);

  it('given a user re-ups a locate while the bulk re-up has read it and not yet written (issue 29), then the bulk one is failed with the conflict, the user\'s alone is made, and the chain reads in the history\'s order', async () => {
    const [raced, calm] = await locates(pat, 2);
    const opId = await requested({ ids: [raced, calm] });
    const state = (await ctx.commands.read('bulk_operation', opId)).state as never;
    const frank: Writer = { accountId: pat.accountId, userId: '9', userName: 'Frank Field' };
    // The user's re-up lands between the worker's read of the locate and its command: when the worker asks for its line ids.
    const racing: WorkerContext = {
      ...ctx,
      newLineIds: async (accountId, collection, streamId, count) => {
        if (streamId === `locate-${raced}`) {
          const { version } = await ctx.commands.read('locate', raced);
          const lineIds = (await ctx.newLineIds(accountId, collection, streamId, 2)) as [string, string];
          await ctx.commands.execute(frank, 'locate', raced, { type: 'ReUpLocate', values: { ticket_number: 'F-2' }, base: version, lineIds, today: '2026-11-22', rules: DEFAULT_LOCATE_RULES });
        }
        return ctx.newLineIds(accountId, collection, streamId, count);
      },
    };
    await reUpRecords(racing, { operationId: opId, as: pat, today: '2026-11-22', progress: bulkProgress(ctx, state, pat.accountId, { status: 'running', total: 2, done: 0, failed: 0, label: 'Re-upping...', file_url: null, message: null }) });
    const records = await db('bulk_operation_records').where({ operation_id: opId }).orderBy('position').select('state', 'message');
    expect(records).toEqual([
      { state: 'failed', message: 'This locate was re-upped meanwhile (F-2 by Frank Field): re-up the current ticket if it still needs one' },
      { state: 'done', message: null },
    ]);
    expect(await reUpCounts([raced, calm])).toEqual({ [raced]: 1, [calm]: 1 });
    const view = locateView((await ctx.commands.read('locate', raced)).state as LocateState, '2026-11-22');
    expect(view.ticket_chain).toEqual([`W-${raced}`, 'F-2']);
  }, 60_000);
});
