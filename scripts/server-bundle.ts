/**
 * The server processes run as one bundled file each (`apps/<kind>/dist/main.mjs`), not through tsx: a
 * process then loads no TypeScript transformer, no loader thread and no per-module transform, which
 * took about 45 MB of each process's memory (the api idle: 198 MB under tsx, 153 MB bundled) and
 * seconds of every start. esbuild (tsx's own transformer) bundles the repository's TypeScript; npm
 * packages stay external, loaded from node_modules as before. A bundle older than any source is built
 * again when a process is started (`serverMain`), so `npm start`, the fault tests and the benches never
 * run stale code; the Docker image builds them once (`npx tsx scripts/server-bundle.ts`).
 */
import { buildSync } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type ServerKind = 'api' | 'projector' | 'worker';
export const SERVER_KINDS: ServerKind[] = ['api', 'projector', 'worker'];

/** Files a bundle needs beside it, read at run time by their path (a thread's own module). */
const BESIDE = ['packages/read-model/src/heartbeat-thread.mjs'];

/** Where the sources of the bundles live: the workspace packages and the server apps. */
const SOURCE_DIRS = ['packages/domain/src', 'packages/event-store/src', 'packages/platform/src', 'packages/read-model/src', 'apps/api/src', 'apps/projector/src', 'apps/worker/src'];

const bundleOf = (root: string, kind: ServerKind) => join(root, 'apps', kind, 'dist', 'main.mjs');

/** The newest modification time of any source a bundle is made of (tests aside). */
function newestSource(root: string): number {
  let newest = 0;
  for (const dir of SOURCE_DIRS) {
    for (const f of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|mjs|json)$/.test(f) || /\.test\.ts$/.test(f)) continue;
      newest = Math.max(newest, statSync(join(root, dir, f)).mtimeMs);
    }
  }
  for (const f of ['package.json', 'package-lock.json', 'scripts/server-bundle.ts']) newest = Math.max(newest, statSync(join(root, f)).mtimeMs);
  return newest;
}

/** Builds one process's bundle (written beside and renamed, so a process starting meanwhile reads a whole file). */
export function buildServer(root: string, kind: ServerKind): string {
  const out = bundleOf(root, kind);
  const dir = join(root, 'apps', kind, 'dist');
  mkdirSync(dir, { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  buildSync({
    entryPoints: [join(root, 'apps', kind, 'src', 'main.ts')],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Every npm package stays a package (node_modules); only the repository's own code is bundled.
    packages: 'external',
    alias: Object.fromEntries(['domain', 'event-store', 'platform', 'read-model'].map((p) => [`@trenchline/${p}`, join(root, 'packages', p, 'src')])),
    logLevel: 'error',
  });
  for (const f of BESIDE) copyFileSync(join(root, f), join(dir, f.split('/').pop()!));
  renameSync(`${tmp}.map`, `${out}.map`);
  renameSync(tmp, out);
  return out;
}

/** The bundle to run for `kind`, built first when missing or older than a source. */
export function serverMain(root: string, kind: ServerKind): string {
  const out = bundleOf(root, kind);
  if (!existsSync(out) || statSync(out).mtimeMs < newestSource(root)) buildServer(root, kind);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname;
  for (const kind of SERVER_KINDS) console.log(`built ${buildServer(root, kind)}`);
}
