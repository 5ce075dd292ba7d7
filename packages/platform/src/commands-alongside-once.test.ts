/**
 * A ticket approval's effect on its job is counted exactly once on every store (docs/architecture.md
 * "One write of several parts"): on Postgres the job's and the ticket's appends commit together; on the
 * EventStoreDB adapter each append lands as it is made, so the job's comes first, the ticket's last, and
 * the job keeps per ticket what it counts (a setting, decided again to no events). Run against Postgres,
 * against Postgres appending at once as the EventStoreDB adapter does (its `appendWithin` is a plain
 * append), and against the EventStoreDB adapter itself when ESDB_URL answers (skipped, saying so, without).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, streamName, type EventStore } from '@trenchline/event-store';
import { eventStoreDbUnavailable } from '@trenchline/event-store/esdb-probe.ts';
import { commandHandler, type CommandHandler } from './commands.ts';
import { orcaJobWithCibeLine, storeWithAppendHook, testIds } from './testing.ts';

const writer = { accountId: '1', userId: '7', userName: 'Ada Estimator' };
const frank = { accountId: '1', userId: '8', userName: 'Frank Field' };
const now = () => new Date('2026-11-22T15:00:00Z');
const approve = { type: 'ApproveTicket', today: '2026-11-22' };

type StoreCase = { name: string; make: (url: string) => EventStore; skip?: string };
const esdbUrl = process.env.ESDB_URL;
const esdbSkipped = await eventStoreDbUnavailable(esdbUrl);
if (esdbSkipped) console.log(`exactly-once on the EventStoreDB adapter skipped: no server at ESDB_URL (${esdbSkipped})`);

/** The Postgres store with `appendWithin` appending at once, outside the caller's transaction, as the EventStoreDB adapter's does. */
function appendingAtOnce(url: string): EventStore {
  const store = createEventStore({ url });
  const atOnce: EventStore = Object.create(store);
  atOnce.appendWithin = (_tx, streamId, events, expectedVersion) => store.append(streamId, events, { expectedVersion });
  return atOnce;
}

const cases: StoreCase[] = [
  { name: 'Postgres', make: (url) => createEventStore({ url }) },
  { name: 'Postgres appending at once (as the EventStoreDB adapter)', make: appendingAtOnce },
  { name: 'EventStoreDB', make: () => createEventStore({ kind: 'eventstoredb', esdbUrl }), skip: esdbSkipped ?? undefined },
];

for (const c of cases) {
  (c.skip ? describe.skip : describe)(`a ticket approval counts on its job exactly once: ${c.name}`, () => {
    let database: TestDatabase;
    let store: EventStore;
    let pool: pg.Pool;
    let commands: CommandHandler;
    /** Set by a test: run once just before the next append within a transaction to a stream of that prefix. */
    let beforeAppend: { prefix: string; run: () => Promise<void> } | null = null;

    beforeAll(async () => {
      database = await createTestDatabase('platform_alongside_once');
      pool = new pg.Pool({ connectionString: database.url, max: 4 });
      // A server kept between runs holds the streams of earlier runs: ids start past them.
      if (c.name === 'EventStoreDB') await pool.query(`select setval('record_id_seq', $1)`, [Date.now() * 1000]);
      store = c.make(database.url);
      const hooked = storeWithAppendHook(store, (streamId) => {
        const hook = beforeAppend;
        if (!hook || !streamId.startsWith(hook.prefix)) return null;
        beforeAppend = null;
        return hook.run;
      });
      commands = commandHandler({ store: hooked, pool, now });
    });
    afterAll(async () => {
      await pool?.end();
      await store?.close();
      await database?.drop();
    });

    const ids = () => testIds(pool, writer.accountId);
    const newId = (aggregate: string) => ids().newId(aggregate);
    const lineId = (aggregate: string, id: string, collection: string) => ids().lineId(aggregate, id, collection);
    const newJob = () => orcaJobWithCibeLine(commands, writer, ids());
    /** A job with one CIBE line and a ticket on it with a 120 ft production line from that CIBE line. */
    async function jobAndTicket() {
      const { job, cibe } = await newJob();
      const ticket = await newId('ticket');
      await commands.execute(writer, 'ticket', ticket, { type: 'CreateTicket', ticketId: ticket, values: { form_type: 'attorca_ticket', job }, ticketNumber: '1001', today: '2026-11-22' }, { create: true });
      const production = await lineId('ticket', ticket, 'ticket_productions');
      await commands.execute(writer, 'ticket', ticket, { type: 'AddLine', collection: 'ticket_productions', lineId: production, values: { work_type: 'Dirt-Bore', feet: 120, job_orca_cibe: cibe } });
      return { job, cibe, ticket };
    }
    type Job = { fields: Record<string, unknown>; lines: Record<string, Record<string, Record<string, unknown>>>; counted_tickets?: Record<string, { feet: number; account_ticket_number: string | null }> };
    const jobOf = async (job: string) => (await commands.read('job', job)).state as unknown as Job;
    const cibeQty = async (job: string, cibe: string) => (await jobOf(job)).lines.job_cibe_items[cibe].CIBE_item_qty ?? null;
    const counted = async (job: string) => (await store.readStream(streamName('job', job))).filter((e) => e.type === 'TicketProductionCounted').length;
    const approvals = async (ticket: string) => (await store.readStream(streamName('ticket', ticket))).filter((e) => e.type === 'TicketApproved').length;
    const approved = async (ticket: string) => ((await commands.read('ticket', ticket)).state as unknown as Job).fields.approved;

    it('given a ticket on a job, when approved, then the job counts its production once, and approving again counts nothing more', async () => {
      const { job, cibe, ticket } = await jobAndTicket();
      const r = await commands.execute(writer, 'ticket', ticket, approve);
      expect(await cibeQty(job, cibe)).toBe(120);
      // The ticket's append is the last: its position is the newest of the write's.
      expect(r.position).toBe((await store.readStream(streamName('ticket', ticket))).at(-1)?.position);
      await commands.execute(writer, 'ticket', ticket, approve);
      expect(await cibeQty(job, cibe)).toBe(120);
      expect(await counted(job)).toBe(1);
      expect(await approvals(ticket)).toBe(1);
    });

    it('given the job\'s command decided again (a duplicated or retried alongside command), then it counts nothing twice', async () => {
      const { job, cibe, ticket } = await jobAndTicket();
      await commands.execute(writer, 'ticket', ticket, approve);
      const again = { type: 'CountTicketProduction', ticket, account_ticket_number: (await jobOf(job)).counted_tickets?.[ticket]?.account_ticket_number ?? null, count: { cibe: { [cibe]: 120 }, segment_ref: null, segment_number: null, feet: 120 } };
      const r1 = await commands.execute(writer, 'job', job, again);
      const r2 = await commands.execute(writer, 'job', job, again);
      expect(r1.events).toEqual([]);
      expect(r2.events).toEqual([]);
      expect(await cibeQty(job, cibe)).toBe(120);
      expect(Object.keys((await jobOf(job)).counted_tickets ?? {})).toEqual([ticket]);
    });

    it('given a crash after the job\'s append and before the ticket\'s, when the approval is retried, then the job counts it once', async () => {
      const { job, cibe, ticket } = await jobAndTicket();
      beforeAppend = { prefix: 'ticket-', run: async () => Promise.reject(new Error('crash between the appends')) };
      await expect(commands.execute(writer, 'ticket', ticket, approve)).rejects.toThrow(/crash between the appends/);
      expect(await approved(ticket)).toBe(false);
      // Postgres rolled the job's append back; appending at once it stayed, counting what the approval brings.
      expect(await cibeQty(job, cibe)).toBe(c.name === 'Postgres' ? null : 120);
      await commands.execute(writer, 'ticket', ticket, approve);
      expect(await approved(ticket)).toBe(true);
      expect(await cibeQty(job, cibe)).toBe(120);
      expect(await counted(job)).toBe(1);
      expect(await approvals(ticket)).toBe(1);
    });

    it('given another writer appending to the job first, when the ticket is approved, then the write is retried and the job counts it once', async () => {
      const { job, cibe, ticket } = await jobAndTicket();
      beforeAppend = { prefix: 'job-', run: async () => void (await commands.execute(frank, 'job', job, { type: 'ReviseJob', values: { title: 'Main St North' } })) };
      await commands.execute(writer, 'ticket', ticket, approve);
      expect(beforeAppend).toBeNull();
      expect((await jobOf(job)).fields.title).toBe('Main St North');
      expect(await cibeQty(job, cibe)).toBe(120);
      expect(await counted(job)).toBe(1);
      expect(await approvals(ticket)).toBe(1);
    });

    it('given another writer moving the ticket to another job after the job\'s append, when the approval is retried, then only the new job counts it, once', async () => {
      const { job, cibe, ticket } = await jobAndTicket();
      const other = await newJob();
      beforeAppend = { prefix: 'ticket-', run: async () => void (await commands.execute(frank, 'ticket', ticket, { type: 'ReviseTicket', values: { job: other.job } })) };
      await commands.execute(writer, 'ticket', ticket, approve);
      expect(beforeAppend).toBeNull();
      expect(await approved(ticket)).toBe(true);
      expect(await cibeQty(job, cibe)).toBeNull();
      expect((await jobOf(job)).counted_tickets ?? {}).toEqual({});
      // The production line names the first job's CIBE line: on the new job it counts feet only.
      expect((await jobOf(other.job)).counted_tickets?.[ticket]?.feet).toBe(120);
      expect(await approvals(ticket)).toBe(1);
    });

    it('given another writer deleting the ticket after the job\'s append, when the approval is refused, then the job counts nothing', async () => {
      const { job, cibe, ticket } = await jobAndTicket();
      beforeAppend = { prefix: 'ticket-', run: async () => void (await commands.execute(frank, 'ticket', ticket, { type: 'DeleteTicket' })) };
      await expect(commands.execute(writer, 'ticket', ticket, approve)).rejects.toThrow();
      expect(await cibeQty(job, cibe)).toBeNull();
      expect((await jobOf(job)).counted_tickets ?? {}).toEqual({});
    });
  });
}
