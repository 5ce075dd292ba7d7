/**
 * The command handler's writes that reach beyond one part of one record, against a real store: the
 * commands a write brings on other records (AggregateDef.alongside: an approved field ticket counting
 * on its job) appended in the same transaction, and a write of several edits (a ticket saved whole
 * with its lines), each merged from its own base version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { aggregateDef, type AggregateDef } from '@trenchline/domain';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, streamName, type EventStore } from '@trenchline/event-store';
import { commandHandler, type CommandHandler, type Edit } from './commands.ts';
import { FieldConflicts } from './errors.ts';
import { orcaJobWithCibeLine, storeWithAppendHook, testIds } from './testing.ts';

const writer = { accountId: '1', userId: '7', userName: 'Ada Estimator' };
const frank = { accountId: '1', userId: '8', userName: 'Frank Field' };
const now = () => new Date('2026-11-22T15:00:00Z');

let database: TestDatabase;
let store: EventStore;
let pool: pg.Pool;
let commands: CommandHandler;
/** Set by a test: run once just before the next append within a transaction (another writer getting in first). */
let beforeNextAppendWithin: ((streamId: string) => Promise<void>) | null = null;

beforeAll(async () => {
  database = await createTestDatabase('platform_commands_alongside');
  store = createEventStore({ url: database.url });
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // The handler's store, with a hook before an append within a transaction, so a test can race it.
  const racing = storeWithAppendHook(store, (streamId) => {
    const hook = beforeNextAppendWithin;
    if (!hook || !streamId.startsWith('job-')) return null;
    beforeNextAppendWithin = null;
    return () => hook(streamId);
  });
  commands = commandHandler({ store: racing, pool, now });
});
afterAll(async () => {
  await pool?.end();
  await store?.close();
  await database?.drop();
});

const ids = () => testIds(pool, writer.accountId, { indexStream: true });
const newId = (aggregate: string) => ids().newId(aggregate);
const lineId = (aggregate: string, id: string, collection: string) => ids().lineId(aggregate, id, collection);

/** A job with one CIBE line and a ticket on it with a 120 ft production line from that CIBE line. */
async function jobAndTicket() {
  const { job, cibe } = await orcaJobWithCibeLine(commands, writer, ids());
  const ticket = await newId('ticket');
  await commands.execute(writer, 'ticket', ticket, { type: 'CreateTicket', ticketId: ticket, values: { form_type: 'attorca_ticket', job }, ticketNumber: '1001', today: '2026-11-22' }, { create: true });
  const production = await lineId('ticket', ticket, 'ticket_productions');
  await commands.execute(writer, 'ticket', ticket, { type: 'AddLine', collection: 'ticket_productions', lineId: production, values: { work_type: 'Dirt-Bore', feet: 120, job_orca_cibe: cibe } });
  return { job, cibe, ticket, production };
}
/** A record's fields and lines as they stand. */
const stateOf = async (aggregate: string, id: string) => (await commands.read(aggregate, id)).state as unknown as { fields: Record<string, unknown>; lines: Record<string, Record<string, Record<string, unknown>>> };
const cibeQty = async (job: string, cibe: string) => (await stateOf('job', job)).lines.job_cibe_items[cibe].CIBE_item_qty;
const types = async (aggregate: string, id: string) => (await store.readStream(streamName(aggregate, id))).map((e) => e.type);

describe('commands a write brings on other records (alongside)', () => {
  it('given a ticket on a job, when approved, then the ticket\'s event and the job\'s count are both written, the answer at the last append\'s (the ticket\'s, after the job\'s)', async () => {
    const { job, cibe, ticket } = await jobAndTicket();
    const r = await commands.execute(writer, 'ticket', ticket, { type: 'ApproveTicket', today: '2026-11-22' });
    expect(r.events.map((e) => e.type)).toEqual(['TicketApproved']);
    expect((await types('job', job)).slice(-2)).toEqual(['CibeQtyCounted', 'TicketProductionCounted']);
    expect(await cibeQty(job, cibe)).toBe(120);
    const jobEvents = await store.readStream(streamName('job', job));
    const ticketEvents = await store.readStream(streamName('ticket', ticket));
    expect(r.position).toBe(ticketEvents.at(-1)?.position);
    expect(jobEvents.at(-1)?.meta).toMatchObject({ userName: 'Ada Estimator' });
  });

  it('given another writer appending to the job first, when the ticket is approved, then the write is retried whole and both are kept, the count once', async () => {
    const { job, cibe, ticket } = await jobAndTicket();
    beforeNextAppendWithin = async () => {
      await commands.execute(frank, 'job', job, { type: 'ReviseJob', values: { title: 'Main St North' } });
    };
    await commands.execute(writer, 'ticket', ticket, { type: 'ApproveTicket', today: '2026-11-22' });
    expect(beforeNextAppendWithin).toBeNull();
    expect((await stateOf('job', job)).fields.title).toBe('Main St North');
    expect(await cibeQty(job, cibe)).toBe(120);
    expect((await types('ticket', ticket)).filter((t) => t === 'TicketApproved')).toHaveLength(1);
    expect((await types('job', job)).filter((t) => t === 'TicketProductionCounted')).toHaveLength(1);
  });

  it('given the job\'s command refused, when the ticket is approved, then nothing is written on either record', async () => {
    const { job, ticket } = await jobAndTicket();
    const refusing: AggregateDef = { ...aggregateDef('ticket'), alongside: () => [{ aggregate: 'job', id: job, command: { type: 'NoSuchJobCommand' } }] };
    const before = { ticket: await types('ticket', ticket), job: await types('job', job) };
    await expect(commands.execute(writer, refusing, ticket, { type: 'ApproveTicket', today: '2026-11-22' })).rejects.toThrow(/NoSuchJobCommand/);
    expect(await types('ticket', ticket)).toEqual(before.ticket);
    expect(await types('job', job)).toEqual(before.job);
    expect((await stateOf('ticket', ticket)).fields.approved).toBe(false);
  });
});

describe('a write of several edits', () => {
  const fieldsEdit = (values: Record<string, unknown>, base: number): Edit => ({ part: { kind: 'fields' }, values, base, command: (v) => ({ type: 'ReviseTicket', values: v }) });
  const lineEdit = (line: string, values: Record<string, unknown>, base: number): Edit => ({ part: { kind: 'line', collection: 'ticket_productions', lineId: line }, values, base, command: (v) => ({ type: 'ReviseLine', collection: 'ticket_productions', lineId: line, values: v }) });

  it('given the fields and a line each changed by another since the version seen, when other fields of both are saved, then every change is kept', async () => {
    const { ticket, production } = await jobAndTicket();
    const seen = (await commands.read('ticket', ticket)).version;
    await commands.execute(frank, 'ticket', ticket, [fieldsEdit({ title: 'Frank\'s' }, seen), lineEdit(production, { notes: 'rock' }, seen)]);
    const r = await commands.execute(writer, 'ticket', ticket, [fieldsEdit({ title: null, crew_name: 'Bore Crew 1' }, seen), lineEdit(production, { notes: null, feet: 150 }, seen)]);
    expect(r.events).toHaveLength(2);
    const state = await stateOf('ticket', ticket);
    expect(state.fields).toMatchObject({ title: 'Frank\'s', crew_name: 'Bore Crew 1' });
    expect(state.lines.ticket_productions[production]).toMatchObject({ notes: 'rock', feet: 150 });
  });

  it('given a line whose own version is newer than the ticket\'s seen, then that line is merged from its own base', async () => {
    const { ticket, production } = await jobAndTicket();
    const old = (await commands.read('ticket', ticket)).version;
    await commands.execute(frank, 'ticket', ticket, lineEdit(production, { feet: 130 }, old));
    const lineSeen = (await commands.read('ticket', ticket)).version;
    // From the ticket's old version feet would clash (130 by Frank); from the line's own it is the writer's to change.
    await commands.execute(writer, 'ticket', ticket, [fieldsEdit({ crew_name: 'Splice Team' }, old), lineEdit(production, { feet: 140 }, lineSeen)]);
    expect((await stateOf('ticket', ticket)).lines.ticket_productions[production].feet).toBe(140);
  });

  it('given one part changed the same field by another, then FieldConflicts naming it and no part is written', async () => {
    const { ticket, production } = await jobAndTicket();
    const seen = (await commands.read('ticket', ticket)).version;
    await commands.execute(frank, 'ticket', ticket, lineEdit(production, { feet: 130 }, seen));
    const before = await types('ticket', ticket);
    const clash = commands.execute(writer, 'ticket', ticket, [fieldsEdit({ title: 'Mine' }, seen), lineEdit(production, { feet: 160 }, seen)]);
    await expect(clash).rejects.toBeInstanceOf(FieldConflicts);
    await expect(clash).rejects.toMatchObject({ conflicts: [expect.objectContaining({ field: 'feet', yours: 160, theirs: 130, by: 'Frank Field' })] });
    expect(await types('ticket', ticket)).toEqual(before);
    expect((await stateOf('ticket', ticket)).fields.title).toBeUndefined();
  });
});
