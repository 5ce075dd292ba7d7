/**
 * RFQs (/rfq/ and /rfq/{account_rfq_number}) as an estimator works them, in Debian's chromium against the
 * real app and worker: New RFQ by form type opening the RFQ by its number, two segments with mixed
 * estimates whose shown totals match a hand calculation, a margin of 100 refused in the server's words,
 * the list with its status filter, bulk archive and delete, Won → Make job → the job page's estimated
 * against actual margin, and the management report (its worker builder comes from another branch).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { DOCS, newPage, pageApi, reportDownload, screenshot, seeMessage, browserApp, poll, fillNewDialog, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `rfqs.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_rfqs', { web: true, worker: true }, (a, b) => ((app = a), (browser = b)));

const total = (page: Page, key: string) => page.locator(`[data-testid="rfq-totals"] [data-total="${key}"] [data-value]`);
const estimateRows = (page: Page, segment: string) => page.locator(`table[data-lines-of="Estimates of segment ${segment}"] > tbody > tr[data-line-id]`);
const TABLE = 'table[aria-label="RFQs"]';
const row = (page: Page, id: string) => page.locator(`${TABLE} tbody tr[data-rfq-id="${id}"]`);
const count = (page: Page) => page.getByTestId('row-count');
const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' });

type Rfq = { id: string; account_rfq_number: string };
type Segment = { id: string };

describe('RFQs in the browser', () => {
  let page: Page;
  let rfq: Rfq;
  const others: Rfq[] = [];

  it('given New RFQ, when the user picks the RFQ form type, then a New RFQ numbered by the counter opens at /rfq/{number}', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Prairie Fiber Builders', name: 'Dana Estimator', email, password });
    await page.goto('/rfq/');
    await page.getByText('No RFQs for these choices.').waitFor();
    await page.getByRole('button', { name: 'New RFQ' }).click();
    await page.getByRole('menuitem', { name: 'Request for quote' }).click();
    await fillNewDialog(page, { title: 'Elm St conduit' });
    await page.waitForURL(/\/rfq\/[^/]+$/);
    const key = decodeURIComponent(page.url().split('/').pop()!);
    const found = await pageApi<Rfq>(page, 'GET', `/api/rfqs/lookup/${key}`);
    rfq = { id: String(found.id), account_rfq_number: String(found.account_rfq_number) };
    expect(key).toBe(rfq.account_rfq_number);
    await page.getByTestId('rfq-title').filter({ hasText: `RFQ ${rfq.account_rfq_number}` }).waitFor();
    expect(await page.getByTestId('rfq-status').textContent()).toBe('New');
  });

  it('given two segments with mixed estimates, then the shown totals are the hand calculation', async () => {
    await pageApi(page, 'PUT', `/api/rfqs/${rfq.id}/`, { title: 'Main St fiber', customer: 'Osage Telecom' });
    const s1 = await pageApi<Segment>(page, 'POST', `/api/rfqs/${rfq.id}/segments/`, { number: '1', feet: 1000, days_required: 5 });
    const s2 = await pageApi<Segment>(page, 'POST', `/api/rfqs/${rfq.id}/segments/`, { number: '2', feet: 500, days_required: 3 });
    const add = (s: Segment, e: Record<string, unknown>) => pageApi(page, 'POST', `/api/rfqs/segments/${s.id}/estimates/`, e);
    // Labor 10 × $100 = $1,000 cost; at the default 30%: 1000 / 0.7 = $1,428.57.
    await add(s1, { work_type: 'Labor', qty: 10, price: 100, uom: 'hours' });
    // Materials 200 × $2.50 = $500 cost; at 20%: 500 / 0.8 = $625.
    await add(s1, { work_type: 'Materials', qty: 200, price: 2.5, uom: 'feet', estimate_margin_assumption: 20 });
    // Equipment 3 × $400 = $1,200 cost; at 25%: 1200 / 0.75 = $1,600.
    await add(s2, { work_type: 'Equipment', qty: 3, price: 400, uom: 'days', estimate_margin_assumption: 25 });
    // Misc with qty 0: no cost, no price.
    await add(s2, { work_type: 'Misc', qty: 0, price: 50, uom: 'each' });
    await page.reload();
    // Cost 2,700; price 1,428.57 + 625 + 1,600 = 3,653.57; margin (3653.57 − 2700) / 3653.57 = 26.1% → 26%; per foot 3653.57 / 1500 = $2.44.
    await poll(() => total(page, 'rfq_total').textContent()).toBe('$3,653.57');
    expect(await total(page, 'rfq_total_cost').textContent()).toBe('$2,700.00');
    expect(await total(page, 'rfq_margin_calculated').textContent()).toBe('26%');
    expect(await total(page, 'rfq_total_feet').textContent()).toBe('1,500');
    expect(await total(page, 'rfq_total_days').textContent()).toBe('8');
    expect(await total(page, 'rfq_total_per_foot_calc').textContent()).toBe('$2.44');
    expect(await total(page, 'rfq_total_labor').textContent()).toBe('$1,428.57');
    expect(await total(page, 'rfq_total_materials').textContent()).toBe('$625.00');
    expect(await total(page, 'rfq_total_equipment').textContent()).toBe('$1,600.00');
    expect(await total(page, 'rfq_total_other').textContent()).toBe('$0.00');
    expect(await estimateRows(page, '1').count()).toBe(2);
    expect(await estimateRows(page, '2').count()).toBe(2);
    expect(await estimateRows(page, '1').first().textContent()).toContain('1,428.57');
  });

  it('when the user sets an estimate\'s margin to 100, then the server refuses it, naming the field, and the totals stay', async () => {
    const first = estimateRows(page, '1').first();
    await first.getByLabel('Margin %', { exact: true }).fill('100');
    const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/rfqs/segments/estimates/'));
    await first.getByRole('button', { name: 'Save' }).click();
    expect((await answer).status()).toBe(400);
    await seeMessage(page, 'Invalid value for estimate_margin_assumption');
    await poll(() => first.textContent()).toContain('must be below 100');
    expect(await total(page, 'rfq_total').textContent()).toBe('$3,653.57');
    await screenshot(page, 'rfq-detail', { dir: DOCS });
  });

  it('given more RFQs, when the list is filtered by status, then only those of that status are listed', async () => {
    for (const [title, status] of [['Depot bore', 'Submitted'], ['Ridge aerial', 'Lost']] as const) {
      const r = await pageApi<Rfq>(page, 'POST', '/api/rfqs/', { form_type: 'base_rfq', title, rfq_status: status, colour: status === 'Lost' ? 'Red' : 'Green' });
      others.push({ id: String(r.id), account_rfq_number: String(r.account_rfq_number) });
    }
    await app.caughtUp();
    await page.goto('/rfq/');
    await poll(() => count(page).textContent()).toBe('3 RFQs');
    await page.locator('input[aria-label="Status"]').click();
    await page.getByRole('option', { name: 'Lost' }).click();
    expect(await refresh(page).getAttribute('data-highlighted')).toBe('true');
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('1 RFQ');
    expect(await row(page, others[1].id).getAttribute('data-colour')).toBe('Red');
    await page.locator('input[aria-label="Status"]').click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await refresh(page).click();
    await poll(() => count(page).textContent()).toBe('3 RFQs');
    expect(await row(page, rfq.id).textContent()).toContain('$3,653.57');
    await screenshot(page, 'rfq-list', { dir: DOCS });
  });

  it('given nothing selected, Archive asks for rows; given one selected, the worker archives it and it leaves the list', async () => {
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Please select rows first.');
    await row(page, others[0].id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeMessage(page, 'Selected rfqs archived');
    await poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('2 RFQs');
    expect((await pageApi(page, 'GET', `/api/rfqs/${others[0].id}/`)).archived).toBe(true);
  });

  it('given one selected, when Delete is clicked, then it warns that it cannot be undone and the worker deletes it', async () => {
    const asked: string[] = [];
    page.on('dialog', (d) => asked.push(d.message()));
    await row(page, others[1].id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeMessage(page, 'Selected rfqs deleted');
    expect(asked).toEqual(['Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE']);
    await poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('1 RFQ');
  });

  it('given the RFQ marked Won, when the user clicks Make job, then its job opens showing the estimated margin against the actual', async () => {
    await page.goto(`/rfq/${rfq.account_rfq_number}`);
    expect(await page.getByTestId('make-job').count()).toBe(0);
    await page.locator('[data-field="rfq_status"] select').selectOption('Won');
    await page.getByTestId('save-RFQ').click();
    await seeMessage(page, 'Saved successfully!');
    const made = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/make_job/'));
    await page.getByTestId('make-job').click();
    const job = (await (await made).json()) as { job_id: string };
    await page.getByTestId('rfq-job-link').click();
    await page.waitForURL(/\/job\/[^/]+$/);
    await poll(() => page.getByTestId('job-margin-text').textContent(), { timeout: 15_000 }).toBe('Margin: estimated 26% · no invoices yet');
    // Invoiced $4,000 and paid out $3,000: actual (4000 − 3000) / 4000 = 25%, one point under the RFQ's 26%.
    await pageApi(page, 'POST', `/api/jobs/${job.job_id}/invoices/`, { invoice_number: 'INV-1', invoice_amount: 4000 });
    await pageApi(page, 'POST', `/api/jobs/${job.job_id}/crew_payouts/`, { crew_payout_amount: 3000 });
    await poll(() => page.getByTestId('job-margin-text').textContent(), { timeout: 15_000 }).toBe('Margin: estimated 26% · actual 25% (−1 pts)');
    await page.getByTestId('job-rfq-link').click();
    await page.getByTestId('rfq-title').filter({ hasText: `RFQ ${rfq.account_rfq_number}` }).waitFor();
  });

  // The report's builder is the worker's (another branch): this passes once that is merged.
  it('given the RFQ selected, when Management report is clicked, then the worker makes it and its toast downloads it; the button reads its label again after 3 s', async () => {
    await page.goto('/rfq/');
    await row(page, rfq.id).getByRole('checkbox').check();
    const ready = poll(() => page.getByTestId('rfq-report').textContent(), { timeout: 25_000 }).toBe('Report ready');
    const download = await reportDownload(page, () => page.getByTestId('rfq-report').click(), 25_000);
    expect(download.suggestedFilename()).toMatch(/\.(xlsx|pdf)$/);
    await ready;
    await poll(() => page.getByTestId('rfq-report').textContent(), { timeout: 6000 }).toBe('Management report');
  }, 45_000);
});
