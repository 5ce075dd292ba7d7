/** The service worker (pwa/sw.js) of a built app: the shell opens offline after one online visit. Not in `vite dev`, whose files change as they are edited. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Refused where workers are blocked (the browser tests' default): the app works on without one.
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
