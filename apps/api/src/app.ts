/**
 * The API server: express 5 with sessions, CSRF, the areas' routes from the route registry, the
 * OpenAPI document, stored files, Socket.IO, and the built web app (with its client-side routes).
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import pg from 'pg';
import { Redis } from 'ioredis';
import { redisJobQueue, type JobQueue } from './platform/jobs.ts';
import { createDb, DATABASE_URL, FILES_DIR, REDIS_URL, localBlobStore, type BlobStore } from '@trenchline/read-model';
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
import { securityHeaders } from './platform/security-headers.ts';
import { areaRoutes } from './areas/index.ts';

export interface ApiOptions {
  databaseUrl?: string;
  redisUrl?: string;
  filesDir?: string;
  /** Folder of the built web app; served with its client-side routes when present. */
  webDir?: string;
  store?: EventStore;
  db?: Knex;
  blobs?: BlobStore;
  now?: () => Date;
  /** Redis channel prefix of live updates (see projector live.ts). */
  liveKey?: string;
  /** Connections per pool (write side, read models, event store); tests run several apps on one server. */
  poolMax?: number;
  /** Redis key prefix of the worker's queue (tests give each app its own). */
  queuePrefix?: string;
  /** How long a report request waits for its file before answering 202 (default REPORT_WAIT_MS or 8 s). */
  reportWaitMs?: number;
}

export const JSON_LIMIT = '1mb';

/** The context routes run with (database, event store, files, clock), without any server. */
export function createApiContext(o: ApiOptions = {}) {
  const databaseUrl = o.databaseUrl ?? DATABASE_URL;
  const max = o.poolMax ?? 10;
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  const storePool = o.store ? null : new pg.Pool({ connectionString: databaseUrl, max });
  const store = o.store ?? createEventStore({ url: databaseUrl, pool: storePool! });
  const db = o.db ?? createDb(databaseUrl, { max });
  const ctx: ApiContext = {
    db,
    pool,
    store,
    blobs: o.blobs ?? localBlobStore(o.filesDir ?? FILES_DIR),
    now: o.now ?? (() => new Date()),
    endLiveConnections: () => undefined, // replaced once Socket.IO is attached
    jobs: noQueue, // replaced by createApi; scripts that only seed have no worker
  };
  return {
    ctx,
    async close() {
      await pool.end();
      if (!o.db) await db.destroy();
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
  ctx.jobs = await redisJobQueue(redisUrl, { prefix: o.queuePrefix ?? (process.env.QUEUE_PREFIX || undefined), waitMs: o.reportWaitMs });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders());
  const session = sessionMiddleware(ctx, await sessionSecret(ctx));
  const areas: AreaRoutes[] = [healthRoutes(redis), ...areaRoutes, fileRoutes];

  const api = express.Router();
  api.use(express.json({ limit: JSON_LIMIT }));
  api.use(session);
  api.use(csrfCookie);
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const doc = openApiDocument(areas);
  api.get('/docs', (_req, res) => res.json(doc));
  mountRoutes(api, areas, ctx, requireActor(ctx));
  api.use((req, _res, next) => next(new HttpError(404, 'not_found', `No API route ${req.method} ${req.path}`)));
  api.use(errorHandler);
  app.use('/api', api);

  const webDir = o.webDir;
  if (webDir) {
    // Checked per request, so a build made after the server started is served too.
    app.use(express.static(webDir, { index: false, maxAge: '1h' }));
    app.get('/{*path}', (_req, res) => {
      const index = join(webDir, 'index.html');
      if (existsSync(index)) res.sendFile(index);
      else res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
    });
  }

  const server = createServer(app);
  const realtime = attachRealtime(server, ctx, session, redisUrl, o.liveKey);
  ctx.endLiveConnections = realtime.endConnections;

  return {
    app,
    server,
    ctx,
    async listen(port: number, host = '0.0.0.0') {
      await new Promise<void>((ok) => server.listen(port, host, () => ok()));
      const addr = server.address();
      return typeof addr === 'object' && addr ? addr.port : port;
    },
    async close() {
      await realtime.close();
      await new Promise<void>((ok) => server.close(() => ok()));
      await redis.quit().catch(() => undefined);
      await ctx.jobs.close();
      await context.close();
    },
  };
}
