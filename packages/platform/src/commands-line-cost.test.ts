/**
 * What an ORCA line save reads (issue 34): a line PUT without the author's version (the spec's client
 * sends none) starts from the job's newest snapshot, as every other read does, instead of folding the
 * whole job from its first event; only a line that is gone reads the stream from the start, to say who
 * removed it. Counted in events read, never in time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import { DomainError } from '@trenchline/domain';
import { commandHandler, type CommandHandler, type Edit } from './commands.ts';
import { orcaJobWithCibeLine, testIds } from './testing.ts';

const writer = { accountId: '1', userId: '7', userName: 'Ada Estimator' };
const EVERY = 20;

let database: TestDatabase;
let store: EventStore;
let pool: pg.Pool;
let commands: CommandHandler;
/** Events the store handed out since the count was last reset. */
let eventsRead = 0;

beforeAll(async () => {
  database = await createTestDatabase('platform_line_cost');
  const real = createEventStore({ url: database.url });
  store = Object.create(real);
  store.readStream = async (...a: Parameters<EventStore['readStream']>) => {
    const events = await real.readStream(...a);
    eventsRead += events.length;
    return events;
  };
  store.close = () => real.close();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  commands = commandHandler({ store, pool, now: () => new Date(), snapshotEvery: EVERY });
});
afterAll(async () => {
  await pool?.end();
  await store?.close();
  await database?.drop();
});

const lineEdit = (lineId: string, values: Record<string, unknown>, base?: number): Edit => ({
  part: { kind: 'line', collection: 'job_cibe_items', lineId },
  values,
  base,
  command: (v) => ({ type: 'ReviseLine', collection: 'job_cibe_items', lineId, values: v }),
});

describe("an ORCA line's save", () => {
  it('given a job of 205 events with snapshots, when a CIBE line is edited without a version, then fewer events than one snapshot interval are read, and the edit lands', async () => {
    const ids = testIds(pool, writer.accountId);
    const { job, cibe } = await orcaJobWithCibeLine(commands, writer, ids);
    for (let n = 0; n < 203; n++) await commands.execute(writer, 'job', job, { type: 'ReviseJob', values: { job_summary: `revision ${n}` } });
    eventsRead = 0;
    const r = await commands.execute(writer, 'job', job, lineEdit(cibe, { issued_item_qty: 250 }));
    expect(r.version).toBe(206);
    expect(r.state.lines?.job_cibe_items?.[cibe]?.issued_item_qty).toBe(250);
    // Before: the whole stream (205 events) was folded to follow the line from version 0.
    expect(eventsRead).toBeLessThan(EVERY + 1);
  });

  it('given a CIBE line removed long ago, when it is edited without a version, then the answer still says who removed it', async () => {
    const ids = testIds(pool, writer.accountId);
    const { job, cibe } = await orcaJobWithCibeLine(commands, writer, ids);
    await commands.execute(writer, 'job', job, { type: 'RemoveLine', collection: 'job_cibe_items', lineId: cibe });
    for (let n = 0; n < 2 * EVERY; n++) await commands.execute(writer, 'job', job, { type: 'ReviseJob', values: { job_summary: `after ${n}` } });
    const refused = await commands.execute(writer, 'job', job, lineEdit(cibe, { issued_item_qty: 1 })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'gone' });
    expect((refused as Error).message).toContain('deleted by Ada Estimator');
  });

  it("given the author's version, when the line changed since, then the edit still merges by field from that version", async () => {
    const ids = testIds(pool, writer.accountId);
    const { job, cibe } = await orcaJobWithCibeLine(commands, writer, ids);
    const seen = (await commands.load(writer, 'job', job)).version;
    await commands.execute({ ...writer, userId: '8', userName: 'Bo' }, 'job', job, lineEdit(cibe, { issued_item_qty: 300 }, seen));
    const conflict = await commands.execute(writer, 'job', job, lineEdit(cibe, { issued_item_qty: 400 }, seen)).catch((e: unknown) => e);
    expect((conflict as { conflicts?: { field: string }[] }).conflicts?.map((c) => c.field)).toEqual(['issued_item_qty']);
  });
});
