/**
 * A live connection that cannot take its messages as fast as they come (a slow link, a tablet busy
 * drawing, a dashboard starved of CPU) has them pile up in this process: engine.io keeps what its
 * transport has not taken yet, the websocket what the network has not. Nothing else bounds that, so a
 * few slow dashboards during a burst of saves grew the api past its memory budget (docs/scaling.md).
 * Past LIVE_BACKLOG_MAX_KB a connection is closed instead: its client reconnects at once and refetches
 * what it shows (apps/web/src/lib/realtime.ts), as after any lost connection.
 */
import type { Server, Socket } from 'socket.io';
import { positiveIntFromEnv } from '@trenchline/read-model';

export const DEFAULT_LIVE_BACKLOG_MAX_KB = 1024;
/** How often every connection's backlog is measured: between two looks it grows by what arrives in that time. */
const LOOK_EVERY_MS = 250;

/** The engine.io parts read here (not in its public types): the packets queued for the transport, and the websocket under it. */
interface EngineConnection {
  writeBuffer: { data?: unknown }[];
  transport: { socket?: { bufferedAmount?: number; terminate?: () => void } };
  close(discard?: boolean): void;
}

/** Bytes this process holds for the connection and has not handed to the network. */
export function backlogBytes(socket: Socket): number {
  const conn = socket.conn as unknown as EngineConnection;
  let bytes = conn.transport?.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer ?? []) {
    const d = packet.data;
    bytes += typeof d === 'string' ? d.length : d instanceof Uint8Array ? d.byteLength : 0;
  }
  return bytes;
}

/** Closes the connections whose backlog is past `maxBytes`; how many it closed. */
export function closeBackedUp(io: Server, maxBytes: number): number {
  let closed = 0;
  for (const socket of io.of('/').sockets.values()) {
    if (backlogBytes(socket) <= maxBytes) continue;
    const conn = socket.conn as unknown as EngineConnection;
    // The transport closed, not the socket disconnected: a client reconnects by itself after a lost transport.
    // `true` drops the queued packets (else the close waits for them to drain), and a websocket is cut
    // rather than closed politely, which would keep its unsent bytes for the 30 s of the close handshake.
    conn.close(true);
    conn.transport?.socket?.terminate?.();
    closed++;
  }
  return closed;
}

/** Looks at every connection's backlog every LOOK_EVERY_MS until stopped; `counts.closed` says how many were closed. */
export function boundLiveBacklogs(io: Server, maxBytes = positiveIntFromEnv('LIVE_BACKLOG_MAX_KB', DEFAULT_LIVE_BACKLOG_MAX_KB) * 1024) {
  const counts = { closed: 0 };
  const timer = setInterval(() => (counts.closed += closeBackedUp(io, maxBytes)), LOOK_EVERY_MS);
  timer.unref();
  return { counts, stop: () => clearInterval(timer) };
}
