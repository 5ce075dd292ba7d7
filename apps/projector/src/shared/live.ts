/**
 * Live row changes, published after a batch commits, to the Socket.IO rooms of the API servers via
 * Redis (@socket.io/redis-emitter: the projector needs no Socket.IO server of its own).
 * Rooms: `account:<id>:list:<name>` get 'row'; `account:<id>:record:<stream>` get 'record'.
 */
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { LiveChange } from './projection.ts';

export interface LivePublisher {
  publish(changes: LiveChange[]): void;
  /** An event for one user's open screens only (the worker's report progress to its requester). */
  toUser(userId: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

/** Redis channel prefix shared by the API's Socket.IO adapter and the projector's emitter. */
export const LIVE_KEY = process.env.LIVE_KEY ?? 'socket.io';

export const listRoom = (accountId: string, list: string) => `account:${accountId}:list:${list}`;
export const recordRoom = (accountId: string, stream: string) => `account:${accountId}:record:${stream}`;
/** Every socket of a user joins this room on connect. */
export const userRoom = (userId: string) => `user:${userId}`;

/** `key` namespaces the Redis channels (tests give each app its own, so parallel runs never cross). */
export function redisLivePublisher(redisUrl: string, key = LIVE_KEY): LivePublisher {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  redis.on('error', () => undefined); // reconnects by itself; a lost update is recovered by the client's refetch on reconnect
  const emitter = new Emitter(redis, { key });
  return {
    publish(changes) {
      for (const c of changes) {
        emitter.to(listRoom(c.accountId, c.list)).emit('row', { list: c.list, op: c.op, id: c.id, row: c.row ?? null, position: c.position });
        if (c.stream) emitter.to(recordRoom(c.accountId, c.stream)).emit('record', { stream: c.stream, version: c.version, position: c.position });
      }
    },
    toUser(userId, event, payload) {
      emitter.to(userRoom(userId)).emit(event, payload);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

export const silentPublisher: LivePublisher = { publish() {}, toUser() {}, async close() {} };
