/**
 * A bulk operation's progress: kept in its `bulk_operations` row (GET /api/bulk/{id}/ reads it) and
 * published on the account's live list `bulk_operations`, at most every PUBLISH_MS, and at once when
 * its status or label changes.
 */
import { bulkOperationView, type BulkOperationState, type BulkProgress } from '@trenchline/domain';
import type { WorkerContext } from '../context.ts';

/** At most ~4 updates a second per operation (contract §2). */
export const PUBLISH_MS = 250;

/** `whileWorking`: the turn's cancel check, run at each record counted (a zip's loop stops at once when cancelled). */
export function bulkProgress(ctx: WorkerContext, op: BulkOperationState, accountId: string, start: BulkProgress, whileWorking: () => Promise<void> = async () => undefined) {
  const p: BulkProgress = { ...start };
  let last = 0;
  let pending = false;

  async function write(state: BulkOperationState = op) {
    last = Date.now();
    pending = false;
    // The total is the resolver's (written with the stored records): progress never unsets it.
    await ctx.db('bulk_operations').where({ id: op.id! }).update({ status: p.status, ...(p.total === null ? {} : { total: p.total }), done: p.done, failed: p.failed, label: p.label, file_url: p.file_url, message: p.message, updated_at: ctx.now() });
    const row = bulkOperationView(state, p);
    ctx.publish([{ accountId, list: 'bulk_operations', op: 'upsert', id: op.id!, row, position: '' }]);
  }

  return {
    get now(): Readonly<BulkProgress> {
      return p;
    },
    /** Change what is shown; written and published now (`flush`), within PUBLISH_MS, or at the next flush (`defer`). */
    async set(change: Partial<BulkProgress>, o: { flush?: boolean; defer?: boolean } = {}) {
      Object.assign(p, change);
      pending = true;
      if (o.defer) return;
      if (o.flush || Date.now() - last >= PUBLISH_MS) await write();
    },
    /** One more record done or failed. */
    async count(kind: 'done' | 'failed') {
      p[kind] += 1;
      pending = true;
      if (Date.now() - last >= PUBLISH_MS) await write();
      await whileWorking();
    },
    /** Whatever is not written yet, and the final state once the record has ended. */
    async flush(state?: BulkOperationState) {
      if (pending || state) await write(state);
    },
  };
}
export type BulkProgressReporter = ReturnType<typeof bulkProgress>;
