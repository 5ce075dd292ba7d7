/**
 * The security headers of every answer (helmet): a strict Content-Security-Policy the built web app
 * runs under (vite's external module scripts only; Mantine needs inline styles), nosniff, no framing,
 * a same-origin referrer. Stored files replace the CSP with their own (safe-files.ts).
 * Behind TLS (COOKIE_SECURE=true) browsers are also told to keep to HTTPS.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';

export const APP_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  // 'self' covers Socket.IO's same-origin ws:/wss: in CSP level 3 browsers.
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

export function securityHeaders(tls = process.env.COOKIE_SECURE === 'true'): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...APP_CSP_DIRECTIVES, ...(tls ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    // Over plain HTTP (a LAN install) HSTS would only strand users once a TLS name is tried.
    strictTransportSecurity: tls ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
