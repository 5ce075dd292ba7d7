/**
 * The API server: express 5 with sessions, CSRF, the areas' routes from the route registry, the
 * OpenAPI document, stored files, Socket.IO, and the built web app (with its client-side routes).
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import { Redis } from 'ioredis';
import { redisJobQueue, type JobQueue } from './platform/jobs.ts';
import { createDb, createPool, DATABASE_URL, READ_DATABASE_URL, FILES_DIR, REDIS_URL, deploymentKey, liveKeyOf, localBlobStore, poolSizes, queuePrefixOf, startHeartbeat, type BlobStore } from '@trenchline/read-model';
import { createEventStore, type EventStore } from '@trenchline/event-store';
import type { Knex } from 'knex';
import type { ApiContext } from './platform/context.ts';
import { errorHandler, HttpError } from './platform/errors.ts';
import { mountRoutes, type AreaRoutes } from './platform/routes.ts';
import { csrfCookie, requireActor, sessionMiddleware, sessionSecret } from './platform/session.ts';
import { attachRealtime } from './platform/realtime.ts';
import { openApiDocument } from './platform/openapi.ts';
import { healthRoutes } from './platform/health.ts';
import { fileRoutes } from './platform/files.ts';
import { uploadRoutes } from './platform/uploads.ts';
import { listColumnRoutes } from './platform/list-columns.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { sendPage, webFiles } from './platform/web-files.ts';
import { areaRoutes } from './areas/index.ts';
import { accessPolicy } from './areas/access.ts';
import { createMailer } from './platform/mail.ts';
import { hashForNoOne } from './areas/auth/passwords.ts';
import { attemptLimits, type LimitOverrides } from './platform/attempt-limits.ts';
import { admissionGate, admissionLimitsFromEnv, type AdmissionLimits } from './platform/admission.ts';
import { accountLaneLimitsFromEnv, accountLanes, accountOfUser } from './platform/account-lanes.ts';
import { servedAccounts } from '@trenchline/platform/give-way.ts';
import type { TurnLimits } from './platform/turns.ts';

export interface ApiOptions {
  databaseUrl?: string;
  /** A streaming replica of the database's server for the list reads (default READ_DATABASE_URL; null: none). */
  readDatabaseUrl?: string | null;
  redisUrl?: string;
  filesDir?: string;
  /** Folder of the built web app; served with its client-side routes when present. */
  webDir?: string;
  store?: EventStore;
  db?: Knex;
  blobs?: BlobStore;
  now?: () => Date;
  /** Redis channel prefix of live updates (see projector live.ts); default liveKeyOf(databaseUrl). */
  liveKey?: string;
  /** Connections per pool (write side, read models, event store); tests run several apps on one server. Default: the api's share of PG_CONNECTIONS. */
  poolMax?: number;
  /** Redis key prefix of the worker's queue; default queuePrefixOf(databaseUrl). */
  queuePrefix?: string;
  /** Limits of sign-in, sign-up, codes and taken emails (docs/accounts.md); tests make them small. */
  limits?: LimitOverrides;
  /** SMTP server for mail (default SMTP_URL); without one mail goes to the mail_outbox table. */
  smtpUrl?: string;
  /** Where outbox mail is printed (default the console). */
  mailLog?: (line: string) => void;
  /** How long a report request waits for its file before answering 202 (default REPORT_WAIT_MS or 8 s). */
  reportWaitMs?: number;
  /** The write side's door (admission.ts); default from the environment, `atWork` the write and event store pools' connections. */
  admission?: Partial<AdmissionLimits>;
  /** Each account's lane for reads (account-lanes.ts); default from the environment, `atWork` half the read pool. */
  accountLanes?: Partial<TurnLimits>;
  /** Routes of areas besides the twelve (a test's fixture area, added to the domain with `addArea`). */
  areas?: AreaRoutes[];
}

export const JSON_LIMIT = '1mb';

/** The context routes run with (database, event store, files, clock), without any server. */
export function createApiContext(o: ApiOptions = {}) {
  const databaseUrl = o.databaseUrl ?? DATABASE_URL;
  const sizes = poolSizes().api;
  const pool = createPool(databaseUrl, o.poolMax ?? sizes.write, 'api write pool');
  const storePool = o.store ? null : createPool(databaseUrl, o.poolMax ?? sizes.store, 'api event store pool');
  const store = o.store ?? createEventStore({ url: databaseUrl, pool: storePool! });
  const db = o.db ?? createDb(databaseUrl, { max: o.poolMax ?? sizes.db });
  const readUrl = o.readDatabaseUrl === undefined ? READ_DATABASE_URL : o.readDatabaseUrl;
  const readDb = readUrl ? createDb(readUrl, { max: o.poolMax ?? sizes.replica }) : db;
  const ctx: ApiContext = {
    db,
    readDb,
    pool,
    store,
    blobs: o.blobs ?? localBlobStore(o.filesDir ?? FILES_DIR),
    now: o.now ?? (() => new Date()),
    endLiveConnections: () => undefined, // replaced once Socket.IO is attached
    toUser: () => undefined, // replaced once Socket.IO is attached
    jobs: noQueue, // replaced by createApi; scripts that only seed have no worker
    mailer: createMailer(db, { smtpUrl: o.smtpUrl, log: o.mailLog }),
    limits: attemptLimits({ redisUrl: null, deployment: deploymentKey(databaseUrl), limits: o.limits }), // replaced by createApi's, shared through Redis
  };
  return {
    ctx,
    async close() {
      await ctx.limits.close();
      await ctx.mailer.close();
      await pool.end();
      if (!o.db) await db.destroy();
      if (readDb !== db) await readDb.destroy();
      if (!o.store) await store.close();
      await storePool?.end();
    },
  };
}

const noQueue: JobQueue = {
  enqueue: async () => {
    throw new Error('no job queue in this context');
  },
  waitFor: async () => false,
  close: async () => undefined,
};

export async function createApi(o: ApiOptions = {}) {
  const redisUrl = o.redisUrl ?? REDIS_URL;
  const context = createApiContext(o);
  const { ctx } = context;
  const databaseUrl = o.databaseUrl ?? DATABASE_URL;
  // Not waited for: Redis may be away at the start; the queue connects by itself and reports answer 503 until then.
  ctx.jobs = redisJobQueue(redisUrl, { prefix: o.queuePrefix ?? queuePrefixOf(databaseUrl), waitMs: o.reportWaitMs });
  // Health's ping; it reconnects by itself, and health reports it down meanwhile.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  await ctx.limits.close();
  ctx.limits = attemptLimits({ redisUrl, deployment: deploymentKey(databaseUrl), limits: o.limits });
  void hashForNoOne(); // made now, so the first unknown email's answer is not slower than a wrong password's

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders());
  const session = sessionMiddleware(ctx, await sessionSecret(ctx));
  const areas: AreaRoutes[] = [healthRoutes(redis), ...areaRoutes, ...(o.areas ?? []), fileRoutes, uploadRoutes, listColumnRoutes];

  const api = express.Router();
  // Writes pass the door before anything of theirs is read: past its bound they are refused here, having cost nothing.
  const sizes = poolSizes().api;
  const admission = admissionGate({ ...admissionLimitsFromEnv((o.poolMax ?? sizes.write) + (o.poolMax ?? sizes.store)), ...o.admission });
  api.use(admission.middleware);
  api.use(express.json({ limit: JSON_LIMIT }));
  // Health answers 'down' itself when the session store (Postgres) is away, rather than failing here.
  api.use((req, res, next) => session(req, res, (err?: unknown) => next(err && req.path === '/health' ? undefined : err)));
  // Reads queue behind their own account's, never behind another's: after the session, which names the account.
  const served = servedAccounts(redis, o.queuePrefix ?? queuePrefixOf(databaseUrl));
  const lanes = accountLanes(accountOfUser(ctx), { ...accountLaneLimitsFromEnv(o.poolMax ?? sizes.db), ...o.accountLanes }, served.mark);
  api.use(lanes.middleware);
  api.use(csrfCookie);
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const doc = openApiDocument(areas);
  api.get('/docs', (_req, res) => res.json(doc));
  mountRoutes(api, areas, ctx, requireActor(ctx), accessPolicy);
  api.use((req, _res, next) => next(new HttpError(404, 'not_found', `No API route ${req.method} ${req.path}`)));
  api.use(errorHandler);
  app.use('/api', api);

  const webDir = o.webDir;
  if (webDir) {
    app.use(webFiles(webDir));
    app.get('/{*path}', (_req, res) => {
      const index = join(webDir, 'index.html');
      if (existsSync(index)) sendPage(res, index);
      else res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
    });
  }

  const server = createServer(app);
  const realtime = attachRealtime(server, ctx, session, redisUrl, o.liveKey ?? liveKeyOf(databaseUrl), accessPolicy);
  ctx.endLiveConnections = realtime.endConnections;
  ctx.toUser = realtime.toUser;
  const heartbeat = startHeartbeat(ctx.db, 'api');

  return {
    app,
    server,
    ctx,
    admission,
    lanes,
    async listen(port: number, host = '0.0.0.0') {
      await new Promise<void>((ok) => server.listen(port, host, () => ok()));
      const addr = server.address();
      return typeof addr === 'object' && addr ? addr.port : port;
    },
    async close() {
      await heartbeat.stop();
      await realtime.close();
      await new Promise<void>((ok) => server.close(() => ok()));
      await redis.quit().catch(() => undefined);
      await ctx.jobs.close();
      await context.close();
    },
  };
}
