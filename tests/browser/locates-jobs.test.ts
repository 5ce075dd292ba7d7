/**
 * Locates as the job screens show them (spec 2), in Debian's chromium against the real app: a base
 * job with a crew planned and no live locate warns at its top and wears the sign on its list row; a
 * new locate made from the job and an existing one assigned to it are listed there (the live one ends
 * the warning); the same on an ORCA task's page (the locate names the task); a production entered
 * where the job's locates have expired is saved with a yellow warning.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { type TestApp } from '../support/app.ts';
import { fillNewDialog, iso, newDialog, newPage, pageApi, plusDays, seeMessage, browserApp, poll, signedUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
const email = `joblocates.${Date.now()}@example.com`;
const password = 'correct horse battery';

browserApp('browser_locates_jobs', { web: true }, (a, b) => ((app = a), (browser = b)));

type Row = { id: string } & Record<string, any>;

const locatesSection = (page: Page) => page.getByTestId('job-locates');
const locateRows = (scope: Locator) => scope.locator('tbody tr[data-locate-id]');

/** A write from the page's own session: 201 expected. */
async function made(page: Page, url: string, body: unknown): Promise<Row> {
  return pageApi<Row>(page, 'POST', url, body);
}

/** Numbers are looked up in the job list: wait until a job written outside the page is listed. */
async function untilListed(page: Page, job: Row) {
  await poll(async () => (await pageApi(page, 'GET', `/api/jobs/lookup/${job.account_job_number}/`)).id).toBe(job.id);
}

/** Pick an unassigned locate by its ticket number in the section's picker and assign it. */
async function assignExisting(page: Page, ticket: string) {
  const s = locatesSection(page);
  await s.getByTestId('assign-locate').click();
  const picker = s.getByTestId('assign-picker');
  await picker.getByLabel('Unassigned locates').fill(ticket);
  await page.getByRole('option', { name: new RegExp(`^${ticket}`) }).click();
  await picker.getByTestId('assign-chosen').click();
  await seeMessage(page, `Locate ${ticket} assigned`);
}

describe('locates on the job screens in the browser', () => {
  let page: Page;
  let job: Row;

  it('given a base job with a crew planned and no locate, when opened, then a warning shows at its top and its list row wears the sign', async () => {
    ({ page } = await newPage(browser, app.url));
    await signedUp(page, app.url, { accountName: 'Red Dirt Fiber', name: 'Robin Okafor', email, password });
    await made(page, '/api/settings/crews/', { crew_name: 'Sooner Boring' });
    job = await made(page, '/api/jobs/new/', { form_type: 'base', title: 'Broken Arrow FTTH', customer: 'AT&T', work_status: 'New' });
    await made(page, `/api/jobs/${job.id}/crews/`, { crew_name: 'Sooner Boring' });
    await untilListed(page, job);

    await page.goto(`/job/${job.account_job_number}`);
    await page.getByTestId('job-title').waitFor();
    await poll(() => page.getByTestId('locate-warning').textContent()).toContain('No live locate for the planned work');
    await poll(() => locatesSection(page).getByText('No locates yet.').count()).toBe(1);

    await page.goto('/job/');
    const row = page.locator(`[data-job-id="${job.id}"]`);
    await row.getByTestId('locate-warning-icon').waitFor();
    expect(await row.getByTestId('locate-warning-icon').getAttribute('aria-label')).toBe('No live locate for the planned work');
  });

  it('when the user makes a new locate from the job, then it is listed there as New, for the job', async () => {
    await page.goto(`/job/${job.account_job_number}`);
    // New asks first: Cancel leaves no locate.
    await locatesSection(page).getByTestId('new-locate').click();
    await newDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await newDialog(page).waitFor({ state: 'hidden' });
    expect(await pageApi<Row[]>(page, 'GET', `/api/locates/${job.id}/assigned/`)).toHaveLength(0);
    // Created with no ticket yet: a locate made for the job, its ticket entered later.
    await locatesSection(page).getByTestId('new-locate').click();
    await fillNewDialog(page, {});
    await seeMessage(page, /Locate #\d+ added/);
    await poll(() => locateRows(locatesSection(page)).count()).toBe(1);
    expect(await locateRows(locatesSection(page)).first().textContent()).toContain('New');
    const [l] = await pageApi<Row[]>(page, 'GET', `/api/locates/${job.id}/assigned/`);
    expect([l.form_type, l.locate_status, l.account_job_number]).toEqual(['base_locate', 'Active', job.account_job_number]);
    // A locate without a ticket is not live: the warning stays.
    expect(await page.getByTestId('locate-warning').count()).toBe(1);
  });

  it('when the user assigns an existing live locate to the job, then it is listed and the warning goes', async () => {
    await made(page, '/api/locates/', { form_type: 'base_locate', current_ticket_number: 'U-500', current_date_submitted: iso(plusDays(0)) });
    await assignExisting(page, 'U-500');
    await poll(() => locateRows(locatesSection(page)).count()).toBe(2);
    expect(await locatesSection(page).textContent()).toContain('U-500');
    await poll(() => page.getByTestId('locate-warning').count()).toBe(0);

    // A row opens its locate.
    await locatesSection(page).getByRole('link', { name: 'Open locate U-500' }).click();
    await page.waitForURL(/\/locate\/\d+$/);
    await page.getByTestId('locate-assignment').filter({ hasText: `Job ${job.account_job_number}` }).waitFor();
  });

  it('given an ORCA task with a crew, when its page is opened, then it warns; a new and an assigned locate are listed there, naming the task', async () => {
    const orca = await made(page, '/api/jobs/new/', { form_type: 'attorca', title: 'Tulsa Fiber Ring' });
    const task = await made(page, `/api/jobs/${orca.id}/tasks/`, { job: orca.id });
    await made(page, `/api/jobs/${orca.id}/crews/`, { crew_name: 'Sooner Boring', job_task: task.id });
    await untilListed(page, orca);

    await page.goto(`/job/orca/${orca.account_job_number}/task/${task.task_id}`);
    await page.getByTestId('task-title').waitFor();
    await poll(() => page.getByTestId('locate-warning').textContent()).toContain('No live locate for the planned work');

    await locatesSection(page).getByTestId('new-locate').click();
    await fillNewDialog(page, {});
    await poll(() => locateRows(locatesSection(page)).count()).toBe(1);
    await made(page, '/api/locates/', { form_type: 'attorca_locate', current_ticket_number: 'T-900', current_date_submitted: iso(plusDays(0)) });
    await assignExisting(page, 'T-900');
    await poll(() => locateRows(locatesSection(page)).count()).toBe(2);
    await poll(() => page.getByTestId('locate-warning').count()).toBe(0);

    const listed = await pageApi<Row[]>(page, 'GET', `/api/locates/tasks/${task.id}/assigned/`);
    expect(listed.map((l) => [l.form_type, l.job_ref, l.task_id, l.account_job_number])).toEqual([
      ['attorca_locate', orca.id, task.task_id, orca.account_job_number],
      ['attorca_locate', orca.id, task.task_id, orca.account_job_number],
    ]);
    // The job's own list holds its tasks' locates too.
    expect(await pageApi<Row[]>(page, 'GET', `/api/locates/${orca.id}/assigned/`)).toHaveLength(2);
  });

  it('given a job whose only locate has expired, when the user adds a production, then it is saved and the warning shows in yellow', async () => {
    const other = await made(page, '/api/jobs/new/', { form_type: 'base', title: 'Owasso Drop Replacements', work_status: 'New' });
    await made(page, '/api/locates/', { form_type: 'base_locate', current_ticket_number: 'OLD-1', current_date_submitted: iso(plusDays(-30)), current_date_expiration: iso(plusDays(-16)), job_ref: other.id });
    await untilListed(page, other);
    await page.goto(`/job/${other.account_job_number}`);
    await page.getByTestId('job-title').waitFor();
    const productions = page.locator('section[aria-label="Productions"]').first();
    await productions.getByRole('button', { name: 'Add production' }).click();
    const box = page.getByTestId('message-box').filter({ hasText: 'have expired' }).first();
    await box.waitFor();
    expect(await box.getAttribute('data-tone')).toBe('warning');
    expect(await box.textContent()).toContain('OLD-1');
    await poll(async () => ((await pageApi(page, 'GET', `/api/jobs/${other.id}/`)).productions as unknown[]).length).toBe(1);
  });
});
