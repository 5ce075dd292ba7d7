/**
 * The installable app, built with the web app: the manifest and its icons, and the service worker
 * (pwa/sw.js) given the build's file list to keep. A few lines instead of vite-plugin-pwa, whose
 * workbox-build brings babel and rollup along for the same list (docs/offline-app.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { drawIcon } from './icon';
import { ICON_COLOUR, ICON_SIZES, THEME_COLOUR, iconFile, manifest } from './manifest';

const MANIFEST = 'manifest.webmanifest';
const SW = 'sw.js';

/** The files the service worker keeps: every built file but source maps and index.html (kept on its own). */
export const shellFiles = (files: string[]) => files.filter((f) => !f.endsWith('.map') && f !== 'index.html' && f !== SW).map((f) => `/${f}`).sort();

/** The worker's text: its version (a hash of what it keeps, so each build's worker differs) and list, then pwa/sw.js. */
export function serviceWorker(files: string[], source: string) {
  const shell = shellFiles(files);
  const version = createHash('sha256').update(JSON.stringify(shell)).update(source).digest('hex').slice(0, 12);
  return `const VERSION = ${JSON.stringify(version)};\nconst SHELL = ${JSON.stringify(shell)};\n${source}`;
}

export function pwa(): Plugin {
  return {
    name: 'trenchline-pwa',
    apply: 'build',
    // After vite's own plugins, so the bundle holds every file (index.html and its assets).
    enforce: 'post',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST}` }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: THEME_COLOUR }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: `/${iconFile(ICON_SIZES[0])}` }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle);
      for (const size of ICON_SIZES) this.emitFile({ type: 'asset', fileName: iconFile(size), source: drawIcon(size, ICON_COLOUR) });
      this.emitFile({ type: 'asset', fileName: MANIFEST, source: JSON.stringify(manifest, null, 2) });
      const source = readFileSync(new URL('./sw.js', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: SW, source: serviceWorker([...built, ...ICON_SIZES.map(iconFile), MANIFEST], source) });
    },
  };
}
