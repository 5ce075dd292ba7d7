/**
 * Socket.IO on the API server. Sessions are shared with express; rooms are per account, so a client
 * can only ever join its own account's lists and records. Several API instances share rooms through
 * Redis (@socket.io/redis-adapter); the projector publishes into them with the redis emitter.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { RequestHandler } from 'express';
import { REFETCH_EVENT, connectionName, listNames, listRoom, recordRoom, userRoom, type RefetchSignal } from '@trenchline/platform';
import { parseStreamName } from '@trenchline/event-store';
import type { ApiContext } from './context.ts';
import { actorOf } from './session.ts';
import { findRecord } from './ids.ts';
import { followsLive, type AccessPolicy } from './access.ts';
import { listDefs } from '@trenchline/read-model';
import { boundLiveBacklogs } from './live-backlog.ts';

/** The lists a socket may watch, read when asked (an area added after this file loaded has its list too). */
const isLiveList = (list: string) => [...listNames(), 'reports', 'bulk_operations'].includes(list);

const accountRoom = (accountId: string) => `account:${accountId}`;

/** `key`: the Redis channel prefix shared with the publishers (liveKeyOf the database by default). */
export function attachRealtime(server: HttpServer, ctx: ApiContext, session: RequestHandler, redisUrl: string, key: string, policy: AccessPolicy) {
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: null, connectionName: connectionName(key, 'api-pub') });
  const sub = pub.duplicate({ connectionName: connectionName(key, 'api-sub') });
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  io.adapter(createAdapter(pub, sub, { key }));
  refetchAfterLoss(sub, () => io.local.emit(REFETCH_EVENT, { reason: 'live connection restored' } satisfies RefetchSignal));
  io.engine.use(session);
  const backlogs = boundLiveBacklogs(io);

  io.use(async (socket, next) => {
    const req = socket.request as unknown as { session?: { userId?: string } };
    const actor = await actorOf(ctx, req.session?.userId).catch(() => null);
    if (!actor) return next(new Error('unauthenticated'));
    socket.data.actor = actor;
    next();
  });

  io.on('connection', (socket) => {
    const accountId: string = socket.data.actor.accountId;
    // Rooms only the server uses, to end a user's or an account's connections at once.
    void socket.join([userRoom(socket.data.actor.userId), accountRoom(accountId)]);
    socket.on('subscribe', async (what: { list?: string; record?: string }, ack?: (r: unknown) => void) => {
      const room = await roomFor(what);
      if (room) await socket.join(room);
      ack?.({ ok: Boolean(room) });
    });
    socket.on('unsubscribe', async (what: { list?: string; record?: string }) => {
      const room = await roomFor(what);
      if (room) await socket.leave(room);
    });
    async function roomFor(what: { list?: string; record?: string }): Promise<string | null> {
      const role = socket.data.actor.role;
      if (what?.list && isLiveList(what.list)) {
        // The reports and bulk lists are the user's own requests; every other list is its records'.
        const aggregate = Object.hasOwn(listDefs, what.list) ? listDefs[what.list].aggregate : undefined;
        return aggregate === undefined || followsLive(policy, role, aggregate) ? listRoom(accountId, what.list) : null;
      }
      if (typeof what?.record === 'string') {
        const { aggregate, id } = parseStreamName(what.record);
        if (!followsLive(policy, role, aggregate)) return null;
        const rec = await findRecord(ctx, id, accountId);
        if (rec && rec.streamId === what.record) return recordRoom(accountId, what.record);
      }
      return null;
    }
  });

  return {
    io,
    key,
    /** Disconnect every socket of a user or an account, on every API instance (through the adapter). */
    endConnections(who: { userId?: string; accountId?: string }) {
      if (who.userId) io.in(userRoom(who.userId)).disconnectSockets(true);
      if (who.accountId) io.in(accountRoom(who.accountId)).disconnectSockets(true);
    },
    /** An event to a user's sockets on every API instance (through the adapter), as the worker's toUser. */
    toUser(userId: string, event: string, payload: Record<string, unknown>) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    async close() {
      backlogs.stop();
      await new Promise<void>((ok) => io.close(() => ok()));
      // Away (or never reached): quitting would wait for Redis, so drop the connection instead.
      const end = (r: Redis) => (r.status === 'ready' ? r.quit().catch(() => r.disconnect()) : r.disconnect());
      await Promise.all([end(pub), end(sub)]);
    },
  };
}

/**
 * Rows published while the subscriber was away are gone: once it is back and subscribed again, tell
 * this server's sockets to refetch. ioredis resubscribes before 'ready'; the PING answers after those.
 */
function refetchAfterLoss(sub: Redis, signal: () => void) {
  let lost = false;
  sub.on('close', () => {
    lost = true;
  });
  sub.on('ready', () => {
    if (!lost) return;
    lost = false;
    sub.ping().then(signal, signal);
  });
}
