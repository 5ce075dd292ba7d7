/** Handlers by job name (see queue.ts for the names and their data). */
import type { Job } from 'bullmq';
import type { WorkerContext } from './context.ts';
import type { JobName, JobOf } from '@trenchline/platform/queue.ts';
import { generateReport } from './reports/generate.ts';
import { runBulkOperation } from './bulk/run.ts';
import { anchorHistories } from './audit/anchor.ts';
import { mailDigests, scanNotifications } from './notifications/scan.ts';
import { scheduleTick } from './schedules/tick.ts';
import { deliverRun } from './schedules/deliver.ts';
import { dispatchWebhooksJob } from './webhooks/dispatch.ts';
import { sweepIdempotencyKeysJob } from './idempotency/sweep.ts';
import { sweepUploadSessionsJob } from './uploads/sweep.ts';

export type JobHandler<N extends JobName> = (data: JobOf<N>, job: Job, token?: string) => Promise<unknown>;

export function jobHandlers(ctx: WorkerContext): { [N in JobName]: JobHandler<N> } {
  return {
    'report.generate': generateReport(ctx),
    'bulk.run': runBulkOperation(ctx),
    'history.anchor': anchorHistories(ctx),
    'notifications.scan': scanNotifications(ctx),
    'notifications.digest': mailDigests(ctx),
    'schedules.tick': scheduleTick(ctx),
    'schedules.deliver': deliverRun(ctx),
    'webhooks.dispatch': dispatchWebhooksJob(ctx),
    'idempotency.sweep': sweepIdempotencyKeysJob(ctx),
    'uploads.sweep': sweepUploadSessionsJob(ctx),
  };
}
