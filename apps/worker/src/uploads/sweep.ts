/** The hourly sweep of resumable upload sessions past their 48 hours (docs/offline.md "Resumable uploads"). */
import { sweepUploadSessions } from '@trenchline/read-model';
import type { WorkerContext } from '../context.ts';

export const sweepUploadSessionsJob = (ctx: WorkerContext) => async () => ({ deleted: await sweepUploadSessions(ctx.db, ctx.now()) });
