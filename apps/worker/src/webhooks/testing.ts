/**
 * A local webhook receiver for tests (node:http): it keeps what arrives, answers each path with the
 * statuses it is told (the last one repeats), and checks a delivery's signature the way
 * docs/webhooks.md tells a receiver to, written apart from the signing code so a wrong signature fails.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Recompute the HMAC-SHA256 of "<t>.<body>" with the secret and compare in constant time. */
export function signedBy(secret: string, r: Pick<Received, 'headers' | 'body'>): boolean {
  const sig = String(r.headers['x-trenchline-signature'] ?? '');
  const t = /(?:^|,)t=(\d+)/.exec(sig)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(sig)?.[1];
  if (!t || !v1 || t !== r.headers['x-trenchline-timestamp']) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${r.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

export async function startReceiver() {
  const received: Received[] = [];
  const answers: Record<string, number[]> = {};
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const list = answers[req.url ?? ''] ?? [200];
      res.writeHead(list.length > 1 ? list.shift()! : list[0], { 'Content-Type': 'text/plain' }).end(`answer to ${req.url}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** The statuses `path` answers in turn. */
    answer: (path: string, statuses: number[]) => (answers[path] = [...statuses]),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
