/** What the worker's jobs need, built once per process (and per test). */
import type { Knex } from 'knex';
import type pg from 'pg';
import { allocateId, allocateIds, type EventStore } from '@trenchline/event-store';
import type { BlobStore } from '@trenchline/read-model';
import { commandHandler, type CommandHandler, type LiveChange } from '@trenchline/platform';
import { createMailer, type Mailer } from '@trenchline/platform/mail.ts';
import type { JobName, JobOf } from '@trenchline/platform/queue.ts';
import { givingWay, heavyShareFromEnv } from '@trenchline/platform/give-way.ts';

export interface WorkerContext {
  db: Knex;
  store: EventStore;
  /** The write side's pool (the history anchor reads the events table itself). */
  pool: pg.Pool;
  /** SMTP when SMTP_URL is set, else the mail_outbox table (the daily history anchor to the admins). */
  mailer: Mailer;
  /** The one command handler, on this worker's store and clock. */
  commands: CommandHandler;
  blobs: BlobStore;
  /** The worker's clock: the only place time comes from. */
  now(): Date;
  /** A live event to one user's open screens (report progress). */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Row changes to the account's live lists (bulk operations' progress). */
  publish(changes: LiveChange[]): void;
  /** Connections of the write pool: a bulk action runs one record fewer at once (each holds one and reads with another). */
  writeConnections: number;
  /** An id for a new record of the account (a report a bulk operation asks for). */
  newRecordId(accountId: string, aggregate: string): Promise<string>;
  /** `count` ids for new records, in one statement (an import's new jobs, resolved inside a short transaction). */
  newRecordIds(accountId: string, aggregate: string, count: number): Promise<string[]>;
  /** Ids for new lines of a collection in a record's stream (the tasks and CIBE lines an import adds). */
  newLineIds(accountId: string, collection: string, streamId: string, count: number): Promise<string[]>;
  /** Queue a job of the worker's own (a schedule's minute queues each run's delivery); once per `jobId`. */
  enqueue<N extends JobName>(name: N, data: JobOf<N>, jobId: string): Promise<unknown>;
  /**
   * One heavy job's give-way (platform/give-way.ts), called between its steps: while another account
   * than `accountId` is being served, the job works only its share of the time.
   */
  giveWay(accountId: string): () => Promise<void>;
}

export const today = (ctx: WorkerContext) => ctx.now().toISOString().slice(0, 10);

/** The context on a database's read models and event store (its pool, which also hands out ids), as the worker process and its tests build it. */
export function workerContext(o: {
  db: Knex;
  store: EventStore;
  pool: pg.Pool;
  blobs: BlobStore;
  now: () => Date;
  toUser: WorkerContext['toUser'];
  publish: WorkerContext['publish'];
  writeConnections: number;
  mailer?: Mailer;
  enqueue?: WorkerContext['enqueue'];
  /** Whether an account other than this one was served lately (the api's marks in Redis); without it, no one ever is. */
  othersServed?: (accountId: string) => Promise<boolean>;
}): WorkerContext {
  const { pool, mailer, enqueue, othersServed, ...rest } = o;
  const share = heavyShareFromEnv();
  return {
    ...rest,
    pool,
    mailer: mailer ?? createMailer(o.db, { log: (line) => console.log(`[worker] ${line}`) }),
    commands: commandHandler({ store: o.store, pool, now: o.now }),
    enqueue:
      enqueue ??
      (async (name) => {
        throw new Error(`this worker context has no queue to add ${name} to`);
      }),
    newRecordId: (accountId, aggregate) => allocateId(pool, { kind: aggregate, accountId }),
    newRecordIds: (accountId, aggregate, count) => allocateIds(pool, { kind: aggregate, accountId, count }),
    newLineIds: (accountId, collection, streamId, count) => allocateIds(pool, { kind: collection, accountId, streamId, count }),
    giveWay: (accountId) => givingWay(othersServed ? () => othersServed(accountId) : async () => false, { share }),
  };
}
