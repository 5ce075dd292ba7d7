/** The built web app's files: cached for ever when content-hashed, revalidated otherwise, precompressed copies to browsers that take them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { IMMUTABLE, REVALIDATE, sendPage, webFiles } from './web-files.ts';

const SCRIPT = Buffer.from('export const rows = [];\n'.repeat(200));
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tl-web-files-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/index-a1.js'), SCRIPT);
  writeFileSync(join(dir, 'assets/index-a1.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets/index-a1.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'assets/plain-c3.css'), '.row { color: red }');
  writeFileSync(join(dir, 'sw.js'), 'self;');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Trenchline</title>');
  const app = express();
  app.use(webFiles(dir));
  app.get('/{*path}', (_req, res) => sendPage(res, join(dir, 'index.html')));
  server = app.listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(dir, { recursive: true, force: true });
});

/** A GET with exactly these headers, its body as the bytes sent (fetch would decode them). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web app files', () => {
  it('given a browser taking brotli, when it fetches the script, then it gets the brotli copy, typed as the script, cached for a year', async () => {
    const r = await get('/assets/index-a1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(r.body)).toEqual(SCRIPT);
  });

  it('given a browser taking gzip only, or nothing, then it gets the gzip copy, or the file itself', async () => {
    const gz = await get('/assets/index-a1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(SCRIPT);
    const plain = await get('/assets/index-a1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toEqual(SCRIPT);
    // br refused by its quality: the next it takes.
    expect((await get('/assets/index-a1.js', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('given a file the build kept no copy of, then it is sent as it is, with no Vary', async () => {
    const r = await get('/assets/plain-c3.css', { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toBeUndefined();
    expect(r.body.toString()).toBe('.row { color: red }');
  });

  it('given the service worker and the page, then both are revalidated on each use (a new build shows at once), and a 304 when unchanged', async () => {
    const sw = await get('/sw.js');
    expect(sw.headers['cache-control']).toBe(REVALIDATE);
    expect((await get('/sw.js', { 'if-none-match': String(sw.headers.etag) })).status).toBe(304);
    const page = await get('/job/7/');
    expect(page.headers['cache-control']).toBe(REVALIDATE);
    expect(page.body.toString()).toContain('<title>Trenchline</title>');
  });

  it('given a path climbing out of the build to a file with a copy beside it, then neither is sent', async () => {
    const outside = join(dir, '..', `${dir.split('/').pop()}-outside.js`);
    writeFileSync(outside, 'secret');
    writeFileSync(`${outside}.br`, brotliCompressSync('secret'));
    try {
      const r = await get(`/..%2f${outside.split('/').pop()}`, { 'accept-encoding': 'br' });
      // The app's page answers every path that is no file of the build.
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body.toString()).toContain('<title>Trenchline</title>');
    } finally {
      rmSync(outside, { force: true });
      rmSync(`${outside}.br`, { force: true });
    }
  });
});
