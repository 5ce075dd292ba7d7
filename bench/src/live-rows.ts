/**
 * Open dashboards for the live benchmarks: Socket.IO clients joined to a list room, and when each saw
 * the 'row' event of a write. A write is seen once a row of its record at or past the event position
 * its response answered arrives (positions, not versions: a line's PUT answers the line's version).
 */
import { io, type Socket } from 'socket.io-client';
import { comparePairCursors } from '@trenchline/event-store';

interface RowMessage {
  list: string;
  op: 'upsert' | 'remove';
  id: string;
  position: string | null;
}

/** `count` sockets with the session `cookie`, each joined to the live list `list` (as a dashboard joins it). */
export async function connectDashboards(url: string, cookie: string, count: number, list = 'jobs'): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, timeout: 10_000, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (e) => reject(new Error(`socket connect failed: ${e.message}`)));
    });
    const ack = await socket.timeout(5_000).emitWithAck('subscribe', { list });
    if (!ack?.ok) throw new Error(`subscribe to ${list} refused: ${JSON.stringify(ack)}`);
    sockets.push(socket);
  }
  return sockets;
}

/** The TCP socket under a dashboard's websocket (none once its transport closed): paused, the dashboard stops reading, as a tablet on a dead link. */
export const tcpOf = (socket: Socket) => (socket.io.engine as unknown as { transport?: { ws?: { _socket?: { pause(): void; resume(): void } } | null } }).transport?.ws?._socket;

/** Arrival times of one socket's 'row' events per record, and waiters for positions not seen yet. */
export class RowWatch {
  private seen = new Map<string, { position: string; at: number }[]>();
  private waiters = new Set<{ id: string; position: string; resolve: (at: number) => void }>();
  rows = 0;
  /** Size of a 'row' event as JSON, sampled (1 in 50): what each dashboard receives per write. */
  sampledBytes: number[] = [];

  constructor(socket: Socket, list: string) {
    socket.on('row', (m: RowMessage) => {
      const at = performance.now();
      if (m.list !== list || m.op !== 'upsert' || typeof m.position !== 'string') return;
      if (this.rows++ % 50 === 0) this.sampledBytes.push(JSON.stringify(m).length);
      const id = String(m.id);
      const position = m.position;
      const arrivals = this.seen.get(id) ?? [];
      arrivals.push({ position, at });
      this.seen.set(id, arrivals);
      for (const w of this.waiters)
        if (w.id === id && comparePairCursors(position, w.position) >= 0) {
          this.waiters.delete(w);
          w.resolve(at);
        }
    });
  }

  /** When the first 'row' of record `id` at or past `position` arrived (possibly already), or null after `timeoutMs`. */
  arrival(id: string, position: string, timeoutMs: number): Promise<number | null> {
    const hit = this.seen.get(id)?.find((s) => comparePairCursors(s.position, position) >= 0);
    if (hit) return Promise.resolve(hit.at);
    return new Promise((resolve) => {
      const w = {
        id,
        position,
        resolve: (at: number) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(w);
        resolve(null);
      }, timeoutMs);
      this.waiters.add(w);
    });
  }
}
