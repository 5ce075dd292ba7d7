/**
 * The built web app under its Content-Security-Policy, in Debian's chromium (docs/security.md): a job's
 * stored photo shows (img-src), live updates connect over Socket.IO (connect-src), the app's own requests
 * carry X-CSRFToken, and a report button (a window the app opens, which cannot send a header) still gets
 * its report. That every screen renders on the demo data with no violation is the screens tour's to
 * check (tests/browser/screens.test.ts watches every route with the same watcher, tests/support/csp.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PNG } from '@trenchline/api/areas/jobs/seed.ts';
import { type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';
import { browserApp, logIn, newPage, pageApi, pageUpload, reportDownload } from '../support/browser.ts';
import { watchCsp, type CspWatch } from '../support/csp.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
let errors: string[];
let csp: CspWatch;
let jobId: string;
const email = `csp.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('security_csp_browser', { web: true, worker: true, reportWaitMs: 5000 }, (a, b) => ((app = a), (browser = b)));

beforeAll(async () => {
  await Client.signUpAs(app.url, { account_name: 'Policy Boring Co', display_name: 'Cass Policy', email, password });
  ({ page, errors } = await newPage(browser, app.url));
  csp = await watchCsp(page);
  await logIn(page, email, password);
  const job = await pageApi<{ id: string }>(page, 'POST', '/api/jobs/new/', { form_type: 'base', title: 'Route 9 conduit', customer: 'AT&T' });
  jobId = job.id;
  const photo = await pageUpload(page, `/api/jobs/${jobId}/files/`, { name: 'bore-pit.png', mimeType: 'image/png', buffer: PNG }, { file_name: 'bore-pit.png', file_type: 'photo', caption: 'Bore pit' });
  expect(photo.status).toBe(201);
  await pageApi(page, 'POST', '/api/projects/', { name: 'Route 9 fibre', city: 'Tulsa', county: 'Tulsa County' });
}, 60_000);

describe('the web app under its CSP', () => {
  it('given a job with a photo, when its page opens, then the photo is shown from the API (img-src) with no violation', async () => {
    await page.goto(`/job/${jobId}`);
    const img = page.locator('img[src^="/api/files/"]').first();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(csp.violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('given the screens opened, then live updates connected over a same-origin websocket under connect-src', async () => {
    await expect.poll(() => csp.sockets.some((u) => new URL(u).pathname.startsWith('/socket.io/'))).toBe(true);
    expect(csp.violations).toEqual([]);
  });

  it('given the app signed in, when it reads from the API with fetch, then every GET carries X-CSRFToken', () => {
    expect(csp.apiGets.length).toBeGreaterThan(5);
    expect(csp.getsWithoutToken()).toEqual([]);
  });

  it('given all matching projects selected, when the management report is asked for, then the worker makes it and its file downloads without a header (no CSRF refusal, no CSP violation)', async () => {
    await page.goto('/project/');
    await page.getByLabel('Select all matching projects').check();
    const asked = page.context().waitForEvent('request', (r) => r.url().endsWith('/api/bulk/') && r.method() === 'POST');
    const download = await reportDownload(page, () => page.locator('button', { hasText: 'Management report' }).click());
    // The request is a write: it carries the token; the file is a plain link (no header can ride on it) and is still served.
    expect((await asked).headers()['x-csrftoken']).toBeTruthy();
    expect(download.url()).toMatch(/\/file\/$/);
    expect(await download.failure()).toBeNull();
    expect(csp.violations).toEqual([]);
  });
});
