/**
 * Archive or delete each stored record, in order: each record's command (the one the single archive
 * or DELETE sends) is appended with a side write marking that record done in the same transaction, so
 * a record is changed exactly once however often the job is killed and resumed. A record the command
 * refuses (deleted meanwhile, another account's id) is failed with the refusal's message.
 */
import { bulkList, DomainError, type BulkList, type BulkListName } from '@trenchline/domain';
import type pg from 'pg';
import { ConflictWithCurrent, FieldConflicts, RecordExists, type Writer } from '@trenchline/platform';
import { listDef } from '@trenchline/read-model';
import type { WorkerContext } from '../context.ts';
import type { BulkProgressReporter } from './progress.ts';
import type { Turn } from './turn.ts';
import { pendingRecords } from './resolve.ts';

const BATCH = 500;
/**
 * Records at once in this process, whatever the number of bulk jobs running: each holds a write
 * connection for its transaction and reads its stream with another, so one connection of the pool
 * is always left for those reads (with every connection held, each would wait for one more).
 */
const concurrencyOf = (ctx: WorkerContext) => Number(process.env.BULK_CONCURRENCY) || Math.max(1, ctx.writeConnections - 1);
const lanesOf = new WeakMap<WorkerContext, ReturnType<typeof semaphore>>();

function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(f: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((r) => waiting.push(r));
    try {
      return await f();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}
/** Pause per record, only to let tests kill a worker midway or watch its progress (BULK_STEP_DELAY_MS). */
export const stepDelay = () => Number(process.env.BULK_STEP_DELAY_MS ?? 0);

/** Another worker (a stalled job run twice) marked this record first: its event is that worker's. */
export class DoneElsewhere extends Error {}

/** A refusal of the record's own command: the record fails, the operation goes on. */
const refusal = (e: unknown) => e instanceof DomainError || e instanceof ConflictWithCurrent || e instanceof FieldConflicts || e instanceof RecordExists;

type MarkDone = (client: pg.PoolClient) => Promise<void>;

/**
 * One stored record of an operation, once: `act` appends the record's command with `markDone` as its
 * side write (the record is done in the same transaction), and progress counts it; a refusal fails
 * the record with `failure`'s words; a record another worker did first is left as it is.
 */
export async function settleRecord(ctx: WorkerContext, o: { operationId: string; progress: BulkProgressReporter; turn?: Turn }, position: number, act: (markDone: MarkDone) => Promise<unknown>, failure = (e: Error) => e.message) {
  // Cancelled, or its slice used: stop before the record (bulk/turn.ts).
  await o.turn?.atSafePoint();
  if (stepDelay()) await new Promise((ok) => setTimeout(ok, stepDelay()));
  try {
    await act(async (client) => {
      const marked = await client.query(`update bulk_operation_records set state = 'done' where operation_id = $1 and position = $2 and state = 'pending'`, [o.operationId, position]);
      if (marked.rowCount !== 1) throw new DoneElsewhere();
    });
    await o.progress.count('done');
  } catch (e) {
    if (e instanceof DoneElsewhere) return;
    if (!refusal(e)) throw e;
    const marked = await ctx.db('bulk_operation_records').where({ operation_id: o.operationId, position, state: 'pending' }).update({ state: 'failed', message: failure(e as Error) });
    if (marked) await o.progress.count('failed');
  }
}

/** Where a record's command goes: the record itself, or for a line the record it is a line of. */
async function targetOf(ctx: WorkerContext, o: { list: BulkListName; action: 'archive' | 'delete'; as: Writer }, id: string) {
  const list: BulkList = bulkList(o.list);
  if (!list.line) return { id, command: o.action === 'archive' ? list.archive : list.remove };
  const row = await ctx.db(listDef(o.list).table).where({ id, account_id: o.as.accountId }).first(list.line.parentColumn);
  if (!row) throw new DomainError('not_found', `${list.line.noun} not found`);
  return { id: String(row[list.line.parentColumn]), command: { type: 'RemoveLine', collection: list.line.collection, lineId: id } };
}

export async function actOnRecords(ctx: WorkerContext, o: { operationId: string; list: BulkListName; action: 'archive' | 'delete'; as: Writer; progress: BulkProgressReporter; turn?: Turn }) {
  const list = bulkList(o.list);
  await forEachPending(ctx, o.operationId, (r) =>
    settleRecord(ctx, o, r.position, async (markDone) => {
      const target = await targetOf(ctx, o, String(r.record_id));
      await ctx.commands.execute(o.as, list.aggregate, target.id, target.command, { sideWrites: markDone });
    }),
  );
}

/** Each pending record of the operation, in order, `width` at once across this process's bulk jobs (`one` settles it). */
export async function forEachPending(ctx: WorkerContext, operationId: string, one: (r: { position: number; record_id: string }) => Promise<void>) {
  const width = concurrencyOf(ctx);
  let lane = lanesOf.get(ctx);
  if (!lane) lanesOf.set(ctx, (lane = semaphore(width)));
  const inLane = lane;
  for (;;) {
    const batch = await pendingRecords(ctx, operationId, BATCH);
    if (!batch.length) return;
    // In order, `width` at a time: each lane takes the next pending record.
    let next = 0;
    let stopped = false;
    await Promise.all(
      Array.from({ length: Math.min(width, batch.length) }, async () => {
        try {
          while (next < batch.length && !stopped) {
            const r = batch[next++];
            await inLane(() => one(r));
          }
        } catch (e) {
          // A lost connection or the like: the other lanes stop too, and the job's retry resumes.
          stopped = true;
          throw e;
        }
      }),
    );
  }
}
