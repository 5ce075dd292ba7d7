/**
 * A bulk job's turn on the worker, so one account's long operation never holds a slot from the
 * others: at each safe point (between records, and between an import's chunks) the job stops once its
 * requester cancelled it (read from its progress row, at most every CANCEL_CHECK_MS), and gives its
 * slot back once it has run BULK_SLICE_MS while more work waits (moved to delayed: BullMQ puts it
 * behind the jobs queued meanwhile). Both stops are safe there: each record is marked done in its own
 * transaction, and an import job resumed adds only what the job still lacks, so the next turn resumes
 * from what is stored.
 *
 * It also keeps pace with the projector: after HEAVY_PACE_MS of its own work it waits, at its next
 * safe point, until every projection has passed what the store holds. So one account's import or
 * archive never runs ahead of the projections: the projector's backlog (which every other account's
 * saves wait behind, for their rows and live updates) stays one pace's worth. (The projector still
 * works while the job does: the pace bounds the backlog, not the CPU the two take together.)
 */
import { listNames, waitForLists } from '@trenchline/platform';
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
/** Work between waits for the projector (read at each turn; 0 turns pacing off). */
export const paceMs = () => Number(process.env.HEAVY_PACE_MS ?? 250);
/** A pace's wait gives up once no projection moved for PACE_STILL_MS (no projector running, or one stalled) ... */
const PACE_STILL_MS = 1000;
const PACE_MAX_MS = 5000;
/** ... and then the job does not wait again for PACE_OFF_MS: a stopped projector costs a second per half minute, not per pace. */
const PACE_OFF_MS = 30_000;

export interface Turn {
  /** Between records or an import's chunks: throws Cancelled or TurnOver when the job must stop here. */
  atSafePoint(): Promise<void>;
  /** Anywhere a record is counted (a zip's loop): throws Cancelled only. */
  whileWorking(): Promise<void>;
}

/**
 * `checkEveryMs`: how often the progress row is read for a cancel (tests read it at every record);
 * `accountId`: whose operation it is: at each safe point it gives way to other accounts' requests (ctx.giveWay).
 */
export function turnOf(ctx: WorkerContext, operationId: string, o: { slice?: number; checkEveryMs?: number; accountId?: string } = {}): Turn {
  const started = Date.now();
  const slice = o.slice ?? sliceMs();
  const keepPace = pacer(ctx, paceMs());
  const giveWay = o.accountId ? ctx.giveWay(o.accountId) : async () => undefined;
  let checkedAt = 0;
  const cancelled = async () => {
    if (Date.now() - checkedAt < (o.checkEveryMs ?? CANCEL_CHECK_MS)) return;
    checkedAt = Date.now();
    const row = await ctx.db('bulk_operations').where({ id: operationId }).first('status');
    if (row?.status === 'cancelled') throw new Cancelled();
  };
  return {
    async atSafePoint() {
      await giveWay();
      await keepPace();
      await cancelled();
      if (Date.now() - started >= slice) throw new TurnOver();
    },
    whileWorking: cancelled,
  };
}

/**
 * Waits, once `pace` ms of work have passed since the last wait, until every projection has passed
 * the store's last position; concurrent callers (an archive's lanes) share one wait.
 */
export function pacer(ctx: Pick<WorkerContext, 'db' | 'store'>, pace: number): () => Promise<void> {
  let workingSince = Date.now();
  let offUntil = 0;
  let waiting: Promise<void> | null = null;
  return () => {
    if (waiting) return waiting;
    const now = Date.now();
    if (!pace || now - workingSince < pace || now < offUntil) return Promise.resolve();
    waiting = (async () => {
      const last = await ctx.store.lastPosition();
      const caughtUp = !last || (await waitForLists(ctx, listNames(), last, { stillMs: PACE_STILL_MS, maxMs: PACE_MAX_MS }));
      if (!caughtUp) offUntil = Date.now() + PACE_OFF_MS;
      workingSince = Date.now();
    })().finally(() => (waiting = null));
    return waiting;
  };
}
