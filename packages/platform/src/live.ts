/**
 * Live row changes, published after a batch commits, to the Socket.IO rooms of the API servers via
 * Redis (@socket.io/redis-emitter: the projector needs no Socket.IO server of its own).
 * Rooms: `account:<id>:list:<name>` get 'row'; `account:<id>:record:<stream>` get 'record'.
 *
 * Every message to a room carries `epoch` (random, new for each Redis connection of this publisher)
 * and `seq` (1, 2, 3 ... per room within an epoch): a client that sees the same epoch with a jump
 * in seq missed a message and refetches. When this publisher's Redis connection comes back after a
 * loss it broadcasts `refetch {reason}` to every socket of the deployment.
 */
import { randomBytes } from 'node:crypto';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';

/** A row change pushed to open dashboards after the projector's batch commits. */
export interface LiveChange {
  accountId: string;
  list: string;
  op: 'upsert' | 'remove';
  id: string;
  row?: Record<string, unknown>;
  position: string;
  /** The stream whose record changed, for detail screens. */
  stream?: string;
  version?: number;
}

export interface LivePublisher {
  publish(changes: LiveChange[]): void;
  /** An event for one user's open screens only (the worker's report progress to its requester). */
  toUser(userId: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

/** What every client is told when live messages may have been lost: refetch what you show. */
export interface RefetchSignal {
  reason: string;
}
export const REFETCH_EVENT = 'refetch';

export const listRoom = (accountId: string, list: string) => `account:${accountId}:list:${list}`;
export const recordRoom = (accountId: string, stream: string) => `account:${accountId}:record:${stream}`;
/** Every socket of a user joins this room on connect. */
export const userRoom = (userId: string) => `user:${userId}`;

/** The name a Redis connection of this deployment shows in CLIENT LIST (operators and tests find it by it). */
export const connectionName = (key: string, role: string) => `${key}:${role}`.replace(/[^\w:.#-]/g, '_');

/**
 * Stamps messages with an epoch and a per-room sequence. A new epoch starts the rooms' sequences
 * again, so a client never compares numbers of two connections.
 */
export function liveSequence(newEpoch = () => randomBytes(8).toString('hex')) {
  let epoch = newEpoch();
  let seqs = new Map<string, number>();
  return {
    get epoch() {
      return epoch;
    },
    next(room: string) {
      const seq = (seqs.get(room) ?? 0) + 1;
      seqs.set(room, seq);
      return { epoch, seq };
    },
    renew() {
      epoch = newEpoch();
      seqs = new Map();
    },
  };
}

/** `key` namespaces the Redis channels (liveKeyOf(DATABASE_URL) in the processes; tests give each app its own). */
export function redisLivePublisher(redisUrl: string, key: string, role = 'publisher'): LivePublisher {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false, connectionName: connectionName(key, role) });
  const emitter = new Emitter(redis, { key });
  const sequence = liveSequence();
  let lost = false;
  // Reconnects by itself; whatever was sent while the connection was down may be lost, so clients refetch.
  redis.on('error', () => undefined);
  redis.on('close', () => {
    lost = true;
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    sequence.renew();
    emitter.emit(REFETCH_EVENT, { reason: 'live publisher reconnected' } satisfies RefetchSignal);
  });
  const toRoom = (room: string, event: string, payload: Record<string, unknown>) =>
    emitter.to(room).emit(event, { ...payload, ...sequence.next(room) });
  return {
    publish(changes) {
      for (const c of changes) {
        toRoom(listRoom(c.accountId, c.list), 'row', { list: c.list, op: c.op, id: c.id, row: c.row ?? null, position: c.position });
        if (c.stream) toRoom(recordRoom(c.accountId, c.stream), 'record', { stream: c.stream, version: c.version, position: c.position });
      }
    },
    toUser(userId, event, payload) {
      const room = userRoom(userId);
      if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) toRoom(room, event, payload as Record<string, unknown>);
      else emitter.to(room).emit(event, payload);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

export const silentPublisher: LivePublisher = { publish() {}, toUser() {}, async close() {} };
