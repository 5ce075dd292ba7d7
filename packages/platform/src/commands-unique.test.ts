/**
 * Unique keys through the command handler (a job's account_job_number): claimed as the key moves, by
 * one command or a list of them, refused while another live record holds it, freed by a delete; and a
 * counter that passes by numbers records hold (the job counter, AggregateDef.skipsClaimed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DomainError, type DocumentCounterState } from '@trenchline/domain';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { commandHandler, type CommandHandler } from './commands.ts';

let database: TestDatabase;
let pool: pg.Pool;
let store: EventStore;
let commands: CommandHandler;
const writer = { accountId: '1', userId: '7', userName: 'Ada Estimator' };
let n = 0;
const id = () => String(5000 + ++n);

beforeAll(async () => {
  database = await createTestDatabase('platform_unique');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  store = createEventStore({ url: database.url, pool });
  commands = commandHandler({ store, pool, now: () => new Date('2026-11-22T15:00:00Z') });
});
afterAll(async () => {
  await store?.close();
  await pool?.end();
  await database?.drop();
});

const newJob = (jobId: string, number: string) => commands.execute(writer, 'job', jobId, { type: 'CreateJob', jobId, values: { form_type: 'base', account_job_number: number } }, { create: true, unscoped: true });
const claimsOf = async (recordId: string) => (await pool.query('select key from unique_claims where scope = $1 and record_id = $2', ['job', recordId])).rows.map((r) => r.key);
async function refused(write: Promise<unknown>): Promise<DomainError> {
  const e = await write.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

describe('a unique key through the command handler', () => {
  it('given a job numbered J-1, when another takes j-1, then already_exists naming account_job_number and nothing is appended; renumbered, the old number is free', async () => {
    const a = id();
    await newJob(a, 'J-1');
    expect(await claimsOf(a)).toEqual(['j-1']);
    const b = id();
    const e = await refused(newJob(b, ' j-1 '));
    expect([e.code, Object.keys(e.fields)]).toEqual(['already_exists', ['account_job_number']]);
    expect((await commands.read('job', b)).version).toBe(0);
    // A write that keeps the number is a plain append; one that moves it moves the claim.
    await commands.execute(writer, 'job', a, { type: 'ReviseJob', values: { title: 'Same number' } }, { unscoped: true });
    await commands.execute(writer, 'job', a, { type: 'ReviseJob', values: { account_job_number: 'J-2' } }, { unscoped: true });
    expect(await claimsOf(a)).toEqual(['j-2']);
    await newJob(b, 'J-1');
    expect(await claimsOf(b)).toEqual(['j-1']);
  });

  it('given a list of commands making a job with its lines, then the number is claimed with them; a deleted job frees it', async () => {
    const a = id();
    await commands.execute(writer, 'job', a, [
      { type: 'CreateJob', jobId: a, values: { form_type: 'base', account_job_number: 'LIST-1' } },
      { type: 'AddLine', collection: 'job_items', lineId: id(), values: { item: 'Bore' } },
    ], { create: true, unscoped: true });
    expect(await claimsOf(a)).toEqual(['list-1']);
    await commands.execute(writer, 'job', a, { type: 'DeleteJob' }, { unscoped: true });
    expect(await claimsOf(a)).toEqual([]);
    await newJob(id(), 'LIST-1');
  });
});

describe('a counter passing by held numbers', () => {
  it('given the job counter at 0 and jobs numbered 1, 2 and 4 by hand, when numbers are issued one by one and in a batch, then 3, 5 and 6, each naming what it passed by', async () => {
    const counter = id();
    await commands.execute(writer, 'document_counter', counter, { type: 'OpenRecord', id: counter, key: 'job' }, { create: true, unscoped: true });
    for (const typed of ['1', '2', '4']) await newJob(id(), typed);
    const first = await commands.execute<DocumentCounterState>(writer, 'document_counter', counter, { type: 'IssueNumber' }, { unscoped: true });
    expect(first.events).toEqual([{ type: 'DocumentNumberIssued', data: { kind: 'job', number: 3, skipped: [1, 2] } }]);
    const batch = await commands.executeBatch('document_counter', counter, [{ actor: writer, command: { type: 'IssueNumber' } }, { actor: writer, command: { type: 'IssueNumber' } }], { unscoped: true });
    expect(batch.map((o) => (o.ok ? o.result.events[0].data : o.error))).toEqual([{ kind: 'job', number: 5, skipped: [4] }, { kind: 'job', number: 6 }]);
  });
});
