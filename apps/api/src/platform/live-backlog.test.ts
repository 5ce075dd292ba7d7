/**
 * The live connections' backlog bound on a real Socket.IO server and real clients over loopback: a
 * client that stops reading (its TCP socket paused) is cut once what the server holds for it passes the
 * bound; a client that reads is not, and gets every message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { backlogBytes, boundLiveBacklogs } from './live-backlog.ts';

const MESSAGE = 'x'.repeat(10_000);
/** 30 MB: more than the kernel's loopback buffers (a few MB each way) take for a reader that stopped. */
const MESSAGES = 3_000;
/** Sent at once, then waited for: the reading client's backlog stays under the bound. */
const CHUNK = 50;
const MAX_BYTES = 2 * 1024 * 1024;

let http: HttpServer;
let server: Server;
const clients: ClientSocket[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await new Promise<void>((ok) => server.close(() => ok()));
});

async function start() {
  http = createServer();
  server = new Server(http, { serveClient: false });
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** A client on the websocket transport, and its socket as the server sees it. */
async function client(url: string): Promise<{ client: ClientSocket; onServer: ServerSocket }> {
  const seen = new Promise<ServerSocket>((ok) => server.once('connection', ok));
  const c = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  clients.push(c);
  await new Promise<void>((ok) => c.once('connect', () => ok()));
  return { client: c, onServer: await seen };
}

/** The TCP socket under a client's websocket: paused, the client stops reading, as a starved one does. */
const tcpOf = (c: ClientSocket) => (c.io.engine as unknown as { transport: { ws: { _socket: { pause(): void; resume(): void } } } }).transport.ws._socket;

describe('a live connection that falls behind', () => {
  it('given a client that stopped reading and one that reads, when 30 MB of messages come half a megabyte at a time, then the first is cut once it holds more than the bound and the second gets every message', async () => {
    const url = await start();
    const slow = await client(url);
    const fast = await client(url);
    let received = 0;
    fast.client.on('row', () => received++);
    const slowGone = new Promise<string>((ok) => slow.onServer.once('disconnect', ok));
    const slowSaw = new Promise<string>((ok) => slow.client.once('disconnect', ok));
    const tcp = tcpOf(slow.client);
    tcp.pause();
    const bound = boundLiveBacklogs(server, MAX_BYTES);
    try {
      for (let sent = 0; sent < MESSAGES; ) {
        for (let i = 0; i < CHUNK; i++, sent++) server.emit('row', MESSAGE);
        await expect.poll(() => received).toBe(sent);
      }
      expect(await slowGone).toBe('forced close');
      // What the server held for it went with it.
      await expect.poll(() => backlogBytes(slow.onServer)).toBe(0);
      expect(fast.onServer.connected).toBe(true);
      expect(bound.counts.closed).toBe(1);
      // The client, reading again, finds its connection lost, not ended by the server: it reconnects by itself.
      tcp.resume();
      expect(['transport close', 'transport error']).toContain(await slowSaw);
    } finally {
      bound.stop();
    }
  });

  it('given clients that read, when messages are sent, then none is cut', async () => {
    const url = await start();
    const a = await client(url);
    const bound = boundLiveBacklogs(server, MAX_BYTES);
    try {
      let received = 0;
      a.client.on('row', () => received++);
      for (let i = 0; i < CHUNK; i++) server.emit('row', MESSAGE);
      await expect.poll(() => received).toBe(CHUNK);
      expect(bound.counts.closed).toBe(0);
      expect(a.onServer.connected).toBe(true);
    } finally {
      bound.stop();
    }
  });
});
