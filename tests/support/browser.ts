/** Debian's chromium driven by playwright-core (no browser download: `apt-get install chromium`). */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = new URL('../screenshots/', import.meta.url).pathname;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser, base: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Confirmations of the spec ('Sure you want to delete this?') are accepted.
  page.on('dialog', (d) => d.accept());
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

/** The message box shows one message at a time; wait for one containing `text`. */
/** Sign in on the login screen and wait for the page it leads to (the bid list unless `next` says otherwise). */
export async function logIn(page: Page, email: string, password: string, next = '/bid/') {
  await page.goto(next === '/bid/' ? '/login' : `/login?next=${next}`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${next}`);
}

export const seeMessage = (page: Page, text: string | RegExp) => page.getByTestId('message-box').filter({ hasText: text }).first().waitFor();

const pad = (n: number) => String(n).padStart(2, '0');
/** Today plus `days`, on the browser's (local) calendar, as the screens count days. */
export const plusDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d;
};
/** 'YYYY-MM-DD' and 'MM/DD/YYYY' of a local date. */
export const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const us = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
