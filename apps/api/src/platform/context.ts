/** What every route needs, built once per process (and per test). */
import type pg from 'pg';
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import type { BlobStore } from '@trenchline/read-model';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { Role } from '@trenchline/domain';

export interface ApiContext {
  db: Knex;
  /**
   * The list reads' knex: a streaming replica's (READ_DATABASE_URL, docs/scaling.md), else `db` itself.
   * Only reads of read-model tables go here; waitForLists waits for its checkpoints.
   */
  readDb: Knex;
  /** Plain pg pool for the write side's id allocation and record index. */
  pool: pg.Pool;
  store: EventStore;
  blobs: BlobStore;
  /** The worker's queue (reports); set when the server starts. */
  jobs: JobQueue;
  /** Sign-up codes and notes (SMTP, or the mail_outbox table). */
  mailer: Mailer;
  /** Limited tries (sign-in, sign-up mail, wrong codes, taken emails), each per its keys (attempt-limits.ts). */
  limits: AttemptLimits;
  /** The server's clock: the only place time comes from. */
  now(): Date;
  /** Ends live (Socket.IO) connections at once, across API instances: a deactivated user's, a cancelled account's. */
  endLiveConnections(who: { userId?: string; accountId?: string }): void;
  /** An event to every open tab of one user, on every API instance (their unread count after a mark). */
  toUser(userId: string, event: string, payload: Record<string, unknown>): void;
}

/** The acting user, from the session. */
export interface Actor {
  userId: string;
  userName: string;
  email: string;
  accountId: string;
  accountName: string;
  /** What the user may do (docs/roles.md), re-read with the rest on every request. */
  role: Role;
}

export const today = (ctx: ApiContext) => ctx.now().toISOString().slice(0, 10);
