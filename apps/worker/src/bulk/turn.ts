/**
 * A bulk job's turn on the worker, so one account's long operation never holds a slot from the
 * others: at each safe point (between records, and between an import's chunks) the job stops once its
 * requester cancelled it (read from its progress row, at most every CANCEL_CHECK_MS), and gives its
 * slot back once it has run BULK_SLICE_MS while more work waits (moved to delayed: BullMQ puts it
 * behind the jobs queued meanwhile). Both stops are safe there: each record is marked done in its own
 * transaction, and an import job resumed adds only what the job still lacks, so the next turn resumes
 * from what is stored.
 */
import type { WorkerContext } from '../context.ts';

/** The requester cancelled the operation: end it as cancelled, with what was done. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}
/** The job has had its slice: queue it again behind the others. */
export class TurnOver extends Error {
  constructor() {
    super('turn over');
  }
}

/** How long one turn runs before the job gives its slot back (read at each turn; tests shorten it). */
export const sliceMs = () => Number(process.env.BULK_SLICE_MS) || 10_000;
const CANCEL_CHECK_MS = 500;

export interface Turn {
  /** Between records or an import's chunks: throws Cancelled or TurnOver when the job must stop here. */
  atSafePoint(): Promise<void>;
  /** Anywhere a record is counted (a zip's loop): throws Cancelled only. */
  whileWorking(): Promise<void>;
}

/** `checkEveryMs`: how often the progress row is read for a cancel (tests read it at every record). */
export function turnOf(ctx: WorkerContext, operationId: string, o: { slice?: number; checkEveryMs?: number } = {}): Turn {
  const started = Date.now();
  const slice = o.slice ?? sliceMs();
  let checkedAt = 0;
  const cancelled = async () => {
    if (Date.now() - checkedAt < (o.checkEveryMs ?? CANCEL_CHECK_MS)) return;
    checkedAt = Date.now();
    const row = await ctx.db('bulk_operations').where({ id: operationId }).first('status');
    if (row?.status === 'cancelled') throw new Cancelled();
  };
  return {
    async atSafePoint() {
      await cancelled();
      if (Date.now() - started >= slice) throw new TurnOver();
    },
    whileWorking: cancelled,
  };
}
