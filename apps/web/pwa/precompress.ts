/**
 * A brotli and a gzip copy of each large text file of the build, written beside it (`x.js.br`,
 * `x.js.gz`), which the api sends to browsers that accept them (apps/api/src/platform/web-files.ts):
 * compressed once here instead of on every request. Source maps are left plain (only a developer's
 * tools fetch them), and so are images, already compressed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
/** Below this a copy saves less than its own request headers. */
const SMALLEST = 1024;
/** Brotli 9, not 11: the app's script to ~450 KB in 0.2 s instead of ~410 KB in 3.4 s of every build. */
const BROTLI_QUALITY = 9;

/** Writes the copies of `files` (paths relative to `dir`); answers the files it compressed. */
export function precompress(dir: string, files: readonly string[]): string[] {
  const done: string[] = [];
  for (const f of files) {
    if (!TEXT.test(f)) continue;
    const path = join(dir, f);
    const plain = readFileSync(path);
    if (plain.length < SMALLEST) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }));
    writeFileSync(`${path}.gz`, gzipSync(plain, { level: 9 }));
    done.push(f);
  }
  return done;
}

export function precompressed(): Plugin {
  return {
    name: 'trenchline-precompressed',
    apply: 'build',
    enforce: 'post',
    // Once the files are written, index.html and the service worker included.
    writeBundle(options, bundle) {
      precompress(options.dir!, Object.keys(bundle));
    },
  };
}
