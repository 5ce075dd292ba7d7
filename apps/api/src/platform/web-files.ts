/**
 * The built web app's files (apps/web/dist), as a browser on a truck's weak signal wants them:
 * - Content-hashed files (/assets/) are cached for a year and never asked for again: a new build names
 *   new files. Everything else (the page, sw.js, the manifest, the icons) is revalidated on each use
 *   (ETag, a 304 when unchanged), so a deployed build is picked up at once.
 * - The build keeps a brotli and a gzip copy beside each large text file (apps/web/pwa/precompress.ts);
 *   a browser that accepts one gets it (the app's script: 1.7 MB plain, about 450 KB in brotli), with
 *   the original's type. Nothing is compressed per request.
 * Checked per request, so a build made after the server started is served too.
 */
import { statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The encodings the build keeps a copy in, best first, with the copy's suffix. */
const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof ENCODINGS;
const ENCODING_OF_SUFFIX = Object.fromEntries(Object.entries(ENCODINGS).map(([e, suffix]) => [suffix, e])) as Record<string, Encoding>;

/** Where a request's path lies in `webDir`, or null when it is no file's path there (`..`, a bad escape). */
function fileOf(webDir: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = normalize(join(webDir, decoded));
  return file.startsWith(webDir.endsWith(sep) ? webDir : webDir + sep) ? file : null;
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

export function webFiles(webDir: string): RequestHandler {
  const root = normalize(webDir);
  const setHeaders = (res: ServerResponse, path: string) => {
    const r = res as Response;
    const encoding = ENCODING_OF_SUFFIX[extname(path)];
    const original = encoding ? path.slice(0, -ENCODINGS[encoding].length) : path;
    if (encoding) {
      r.setHeader('Content-Encoding', encoding);
      r.type(extname(original));
    }
    if (encoding || Object.values(ENCODINGS).some((suffix) => isFile(original + suffix))) r.vary('Accept-Encoding');
    r.setHeader('Cache-Control', original.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : REVALIDATE);
  };
  const serve = express.static(root, { index: false, setHeaders });
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      // The best copy the browser takes at all: browsers list gzip before br at the same weight.
      const taken = (Object.keys(ENCODINGS) as Encoding[]).filter((e) => req.acceptsEncodings(e) === e).map((e) => ENCODINGS[e]);
      const file = taken.length ? fileOf(root, req.path) : null;
      const suffix = file ? taken.find((x) => isFile(file + x)) : undefined;
      // The copy is served in the file's place: its own ETag and length, the original's type (setHeaders).
      if (suffix) req.url = req.url.replace(/^[^?]*/, (p) => p + suffix);
    }
    serve(req, res, next);
  };
}

/** The page itself (index.html for every route of the app): revalidated on each load, so a new build shows at once. */
export function sendPage(res: Response, indexFile: string): void {
  res.setHeader('Cache-Control', REVALIDATE);
  res.sendFile(indexFile);
}
