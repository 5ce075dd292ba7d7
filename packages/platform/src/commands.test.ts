/** The command handler against a real store: stamping, retrying a lost race, its refusals, and an append-only log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, streamName, type EventStore } from '@trenchline/event-store';
import { commandHandler, type CommandHandler, type Loaded } from './commands.ts';
import { ConflictWithCurrent, RecordExists } from './errors.ts';

let database: TestDatabase;
let store: EventStore;
let commands: CommandHandler;
const writer = { accountId: '1', userId: '7', userName: 'Ada Estimator' };
const now = () => new Date('2026-11-22T15:00:00Z');
let n = 0;
const newBid = async () => {
  const id = String(1000 + ++n);
  await commands.execute(writer, 'bid', id, { type: 'CreateBid', bidId: id, values: { work_request: `WR-${id}`, bid_due_date: '2026-12-01', market: 'A' } }, { create: true });
  return id;
};

beforeAll(async () => {
  database = await createTestDatabase('platform_commands');
  store = createEventStore({ url: database.url });
  commands = commandHandler({ store, now });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe('the command handler', () => {
  it('given a command, when executed, then its events carry who, when and the command they came from', async () => {
    const id = await newBid();
    const [event] = await store.readStream(streamName('bid', id));
    expect(event.type).toBe('BidCreated');
    expect(event.meta).toMatchObject({ accountId: '1', userId: '7', userName: 'Ada Estimator', at: '2026-11-22T15:00:00.000Z', causationId: null, schemaVersion: 1 });
    expect(event.meta.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('given two writers deciding on the same version, when both append, then the loser is decided again on the new state and both are kept', async () => {
    const id = await newBid();
    const loaded: Loaded = await commands.read('bid', id);
    const [a, b] = await Promise.all([
      commands.execute(writer, 'bid', id, { type: 'ReviseBid', values: { city: 'Tulsa' } }, { unscoped: true, loaded }),
      commands.execute(writer, 'bid', id, { type: 'ReviseBid', values: { county: 'Greene' } }, { unscoped: true, loaded }),
    ]);
    expect([a.version, b.version].sort()).toEqual([2, 3]);
    const state = (await commands.read('bid', id)).state;
    expect(state.fields).toMatchObject({ city: 'Tulsa', county: 'Greene' });
  });

  it('given a list of commands, when executed, then each is decided on the state the one before left and all are appended together', async () => {
    const id = await newBid();
    const r = await commands.execute(writer, 'bid', id, [
      { type: 'ReviseBid', values: { city: 'Tulsa' } },
      { type: 'ReviseBid', values: { city: 'Tulsa' } },
      { type: 'ReviseBid', values: { city: 'Joplin' } },
    ], { unscoped: true });
    expect(r.events.map((e) => e.type)).toEqual(['BidRevised', 'BidRevised']);
    expect(r.version).toBe(3);
  });

  it('given a record that exists, when created again under its id, then RecordExists and nothing is written', async () => {
    const id = await newBid();
    const again = commands.execute(writer, 'bid', id, { type: 'CreateBid', bidId: id, values: { work_request: 'again' } }, { create: true });
    await expect(again).rejects.toBeInstanceOf(RecordExists);
    await expect(again).rejects.toThrow(`Bid ${id} already exists`);
    expect(await store.readStream(streamName('bid', id))).toHaveLength(1);
  });

  it('given a server check of a version that moved, when executed, then ConflictWithCurrent with the record as it stands', async () => {
    const id = await newBid();
    const stale = commands.execute(writer, 'bid', id, { type: 'ReviseBid', values: { city: 'Tulsa' } }, { unscoped: true, expectedVersion: 0 });
    await expect(stale).rejects.toBeInstanceOf(ConflictWithCurrent);
    await expect(stale).rejects.toMatchObject({ current: { id, version: 1 } });
  });

  it('given an append-only log, when recorded twice, then each activity is appended after the other without reading the log', async () => {
    const first = await commands.execute(writer, 'user_activity', '7', { type: 'RecordUserAppActivity', id: 'a1', values: { app: 'jobs' } }, { appendOnly: true });
    const second = await commands.execute(writer, 'user_activity', '7', { type: 'RecordUserAppActivity', id: 'a2', values: { app: 'bids' } }, { appendOnly: true });
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(second.at).toBe('2026-11-22T15:00:00.000Z');
    const events = await store.readStream('user_activity-7');
    expect(events.map((e) => e.data)).toEqual([
      { id: 'a1', user_id: '7', user_name: 'Ada Estimator', app: 'jobs' },
      { id: 'a2', user_id: '7', user_name: 'Ada Estimator', app: 'bids' },
    ]);
  });

  it('given no write pool, when a record of the account is loaded, then it says so rather than read unscoped', async () => {
    await expect(commands.load(writer, 'bid', '1001')).rejects.toThrow('Postgres pool');
  });
});
