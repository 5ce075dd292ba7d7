/** A worker's context on a test app's own database, store and files, in the test's process: for tests that run a worker job themselves. */
import { localBlobStore } from '@trenchline/read-model';
import { outboxMailer } from '@trenchline/platform/mail.ts';
import { workerContext, type WorkerContext } from '@trenchline/worker/context.ts';
import type { TestApp } from './app.ts';

/** `now`: the test's clock; `toUser`: where the worker's live pushes to a user go (nowhere by default). Mail stays in the app's outbox. */
export const workerOnApp = (app: TestApp, o: { now: () => Date; toUser?: WorkerContext['toUser'] }): WorkerContext =>
  workerContext({
    db: app.api.ctx.db, store: app.api.ctx.store, pool: app.api.ctx.pool, blobs: localBlobStore(app.filesDir), now: o.now,
    toUser: o.toUser ?? (() => undefined), publish: () => undefined, writeConnections: 2, mailer: outboxMailer(app.api.ctx.db, () => undefined),
  });
