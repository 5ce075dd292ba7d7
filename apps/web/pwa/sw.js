/*
 * Trenchline's service worker (built by pwa/plugin.ts, which puts VERSION and SHELL above this text).
 * It keeps the app shell, never data: the screens' data lives in IndexedDB (src/lib/offline), and
 * /api/ and /socket.io pass straight to the network, never cached.
 */
/* global VERSION, SHELL */
const CACHE = `trenchline-shell-${VERSION}`;
const INDEX = '/index.html';

const passesThrough = (url) => url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io');

// A new build takes over at once: its shell is whole in its own cache, and an old shell asking a newer API could break.
self.addEventListener('install', (event) => {
  // Past the HTTP cache: the server lets files be cached an hour, and an older index.html would name another build's assets.
  const fresh = [INDEX, ...SHELL].map((url) => new Request(url, { cache: 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('trenchline-shell-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (passesThrough(url)) return;
  if (request.mode === 'navigate') {
    // The network first, so a deploy shows at once; offline, the kept index.html (the SPA routes itself).
    event.respondWith(fetch(request).catch(() => caches.match(INDEX, { cacheName: CACHE })));
    return;
  }
  // Built assets have hashed names: the kept copy is the right one.
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((kept) => kept || fetch(request)));
});
