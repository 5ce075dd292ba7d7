/** What the platform's tests share: a store that runs a test's hook just before an append within a transaction, so a test can race a write. */
import type pg from 'pg';
import { allocateIds, streamName, type EventStore } from '@trenchline/event-store';
import type { CommandHandler, Writer } from './commands.ts';

/** `hookFor(streamId)` answers what to run before that append (null: nothing); the store then appends as it would. */
export function storeWithAppendHook(store: EventStore, hookFor: (streamId: string) => (() => Promise<void>) | null): EventStore {
  const hooked: EventStore = Object.create(store);
  hooked.appendWithin = async (tx, streamId, events, expected) => {
    const hook = hookFor(streamId);
    if (hook) await hook();
    return store.appendWithin(tx, streamId, events, expected);
  };
  return hooked;
}

/** Ids for a test's records and lines of one account, as the api hands them out (record_index first). */
export function testIds(pool: pg.Pool, accountId: string, o: { indexStream?: boolean } = {}) {
  return {
    async newId(aggregate: string) {
      const [id] = await allocateIds(pool, { kind: aggregate, accountId });
      if (o.indexStream) await pool.query('update record_index set stream_id = $1 where id = $2', [streamName(aggregate, id), id]);
      return id;
    },
    async lineId(aggregate: string, id: string, collection: string) {
      const [l] = await allocateIds(pool, { kind: collection, accountId, streamId: streamName(aggregate, id) });
      return l;
    },
  };
}

/** An ORCA job with one 200-unit CIBE line (BORE-2), as a ticket's production counts on it. */
export async function orcaJobWithCibeLine(commands: CommandHandler, writer: Writer, ids: ReturnType<typeof testIds>) {
  const job = await ids.newId('job');
  await commands.execute(writer, 'job', job, { type: 'CreateJob', jobId: job, values: { form_type: 'attorca', title: 'Main St' } }, { create: true });
  const cibe = await ids.lineId('job', job, 'job_cibe_items');
  await commands.execute(writer, 'job', job, { type: 'AddLine', collection: 'job_cibe_items', lineId: cibe, values: { issued_item_code: 'BORE-2', issued_item_qty: 200 } });
  return { job, cibe };
}
