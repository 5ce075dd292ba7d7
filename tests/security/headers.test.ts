/**
 * The security headers of every answer (docs/security.md "Headers"): the web app, the API and the
 * static files carry the strict CSP, nosniff, no framing and a same-origin referrer; HSTS and
 * upgrade-insecure-requests only behind TLS (COOKIE_SECURE=true).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { securityHeaders } from '@trenchline/api/platform/security-headers.ts';
import { startTestApp, webDist, type TestApp } from '../support/app.ts';

let app: TestApp;
beforeAll(async () => {
  if (!existsSync(join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build -w @trenchline/web');
  app = await startTestApp('security_headers', { web: true, projector: false });
});
afterAll(async () => {
  await app?.stop();
});

/** A CSP header as directive -> sources. */
const directives = (csp: string | null) =>
  Object.fromEntries((csp ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => { const [name, ...sources] = d.split(/\s+/); return [name, sources]; }));

const APP_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

describe('every answer of the app', () => {
  it.each([
    ['the web app page', '/bid/'],
    ['an API answer', '/api/auth/me'],
    ['an API error', '/api/no/such/route'],
    ['a static script', () => `/assets/${readdirSync(join(webDist, 'assets')).find((f) => f.endsWith('.js'))}`],
  ])('given %s, when fetched, then it carries the strict CSP, nosniff, no framing and a same-origin referrer', async (_what, path) => {
    const r = await fetch(app.url + (typeof path === 'function' ? path() : path));
    expect(directives(r.headers.get('content-security-policy'))).toEqual(APP_CSP);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('referrer-policy')).toBe('same-origin');
    expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(r.headers.get('x-powered-by')).toBeNull();
    expect(r.headers.get('strict-transport-security')).toBeNull();
  });

  it('given the page, when fetched, then its scripts are external modules only (no inline script the CSP would block)', async () => {
    const html = await (await fetch(`${app.url}/bid/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/assets\//);
      expect(body.trim()).toBe('');
    }
  });
});

describe('behind TLS', () => {
  it('given COOKIE_SECURE, when the headers are made, then browsers are told to keep to HTTPS', async () => {
    const headers = securityHeaders(true) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
    const server = createServer((req, res) => headers(req, res, () => res.end('ok'))).listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(r.headers.get('strict-transport-security')).toMatch(/^max-age=\d+$/);
      expect(directives(r.headers.get('content-security-policy'))).toEqual({ ...APP_CSP, 'upgrade-insecure-requests': [] });
    } finally {
      server.close();
    }
  });
});
