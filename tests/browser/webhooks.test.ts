/**
 * Settings > Webhooks in Debian's chromium against the real app (projector and worker running): an
 * admin adds a webhook for a local receiver with topics picked from the grouped list, copies its
 * secret, pings it and reads the delivery's answer in the log, then rotates the secret; the receiver
 * checks each signature. An office user does not see the section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { signedBy, startReceiver } from '@trenchline/worker/webhooks/testing.ts';
import { type TestApp } from '../support/app.ts';
import { browserApp, DOCS_SCREENS, newPage, pageApi, poll, screenshot, section, seeMessage, signedUp, signedIn } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_webhooks', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const password = 'correct horse battery';
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

/** The pictures docs/webhooks.md shows: the dialog or section alone. */
const docShot = (l: Locator, name: string) => screenshot(l, name, { dir: DOCS_SCREENS });

const secretShown = (page: Page) => page.getByRole('dialog').getByLabel('Signing secret').inputValue();

describe('Settings > Webhooks', () => {
  let page: Page;
  let errors: string[];

  it('given an admin, when they add a webhook with two topics, then its secret is shown to copy and the list holds it', async () => {
    ({ page, errors } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Hook Boring', name: 'Ada Admin', email: `hooks.${Date.now()}@example.com`, password });
    await page.goto('/settings/#webhooks');
    const hooks = section(page, 'Webhooks');
    await hooks.getByText('No webhooks yet').waitFor();

    await hooks.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByLabel('URL').fill(`${receiver.base}/erp`);
    await dialog.getByLabel('Description').fill('Our ERP');
    for (const topic of ['LocateReUpped', 'notification.locate_expiring']) {
      await dialog.getByLabel('Topics').fill(topic);
      await page.getByRole('option', { name: topic, exact: true }).click();
    }
    await dialog.getByLabel('Topics').press('Escape');
    await screenshot(page, 'webhook-new');
    await docShot(dialog, 'webhook-new');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const added = page.getByRole('dialog', { name: 'Webhook added' });
    await added.waitFor();
    expect(await secretShown(page)).toMatch(/^•+$/);
    await added.getByRole('button', { name: 'Show' }).click();
    expect(await secretShown(page)).toMatch(/^whsec_[0-9a-f]{64}$/);
    await added.getByRole('button', { name: 'Done' }).click();

    const row = hooks.getByRole('row').filter({ hasText: `${receiver.base}/erp` });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/LocateReUpped, notification\.locate_expiring[\s\S]*active[\s\S]*none yet/i);
  });

  it('given the webhook, when pinged, then the receiver gets a signed ping and the deliveries log shows it delivered with its answer', async () => {
    const hooks = section(page, 'Webhooks');
    const row = hooks.getByRole('row').filter({ hasText: `${receiver.base}/erp` });
    const [hook] = await pageApi<{ id: string; secret: string }[]>(page, 'GET', '/api/webhooks/');
    await row.getByRole('button', { name: 'Ping' }).click();
    await seeMessage(page, /Ping queued/);

    await poll(() => receiver.received.length, { timeout: 60_000 }).toBe(1);
    expect(signedBy(hook.secret, receiver.received[0])).toBe(true);

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: /Deliveries to/ });
    await log.getByText('delivered').waitFor({ timeout: 60_000 });
    await log.getByRole('button', { name: 'Answers' }).click();
    await log.getByText('answer to /erp').first().waitFor();
    expect(await log.getByRole('table', { name: 'Deliveries' }).innerText()).toMatch(/ping\s+delivered\s+1\s+200 · answer to \/erp/i);
    await screenshot(page, 'webhook-deliveries');
    await docShot(log, 'webhook-deliveries');
    await page.keyboard.press('Escape');
    await row.getByText('delivered').waitFor();
    await screenshot(page, 'webhooks');
    await docShot(hooks, 'webhooks');
  });

  it('given the webhook, when its secret is rotated in the editor, then the editor shows the new one', async () => {
    const hooks = section(page, 'Webhooks');
    const [before] = await pageApi<{ secret: string }[]>(page, 'GET', '/api/webhooks/');
    await hooks.getByRole('row').filter({ hasText: `${receiver.base}/erp` }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit webhook' });
    await editor.getByRole('button', { name: 'Show' }).click();
    expect(await secretShown(page)).toBe(before.secret);
    await editor.getByRole('button', { name: 'Rotate' }).click();
    await poll(() => secretShown(page), { timeout: 20_000 }).not.toBe(before.secret);
    expect(await secretShown(page)).toMatch(/^whsec_[0-9a-f]{64}$/);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });

  it('given an office user, when they open settings, then there is no Webhooks section', async () => {
    const office = await pageApi<{ email: string }>(page, 'POST', '/api/settings/users/', { display_name: 'Otto Office', email: `otto.${Date.now()}@example.com`, password, role: 'office' });
    const { page: other } = await newPage(browser, app.url);
    await signedIn(other, office.email, password);
    await other.goto('/settings/');
    await section(other, 'Account users').waitFor();
    expect(await section(other, 'Webhooks').count()).toBe(0);
  });
});
