/** The hourly sweep of idempotency keys past their 48 hours (docs/offline.md "Never twice"). */
import { sweepIdempotencyKeys } from '@trenchline/read-model';
import type { WorkerContext } from '../context.ts';

export const sweepIdempotencyKeysJob = (ctx: WorkerContext) => async () => ({ deleted: await sweepIdempotencyKeys(ctx.db, ctx.now()) });
