/**
 * What the app's Content-Security-Policy refused on a page, and what its own calls carried: attached
 * before the page's first visit, it collects the `securitypolicyviolation` events and chromium's console
 * reports of them, the app's GETs to the API (with or without X-CSRFToken) and its websockets. The screens
 * tour watches every route of the demo data with it; tests/security/csp-browser.test.ts the rest.
 */
import type { Page } from 'playwright-core';

export interface CspWatch {
  /** Each refusal, with the page it happened on. */
  violations: string[];
  /** The app's own GETs to /api/ (fetch and XHR: an <img> or a window it opens cannot carry a header). */
  apiGets: { url: string; token: boolean }[];
  /** The websockets the page opened. */
  sockets: string[];
  /** The app's GETs sent without X-CSRFToken, but the first /api/auth/me (it fetches the cookie that holds the token). */
  getsWithoutToken(): string[];
}

export async function watchCsp(page: Page): Promise<CspWatch> {
  const watch: CspWatch = {
    violations: [],
    apiGets: [],
    sockets: [],
    getsWithoutToken: () => watch.apiGets.filter((g) => !g.token && !g.url.includes('/api/auth/me')).map((g) => g.url),
  };
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`));
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) watch.violations.push(`${page.url()}: ${m.text()}`);
  });
  page.on('websocket', (ws) => watch.sockets.push(ws.url()));
  page.context().on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    if (r.method() === 'GET' && ['fetch', 'xhr'].includes(r.resourceType())) watch.apiGets.push({ url: r.url(), token: Boolean(r.headers()['x-csrftoken']) });
  });
  return watch;
}
