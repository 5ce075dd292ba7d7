/**
 * Roles in Settings > Users (docs/roles.md), in Debian's chromium against the real app: the admin adds
 * a field user (choosing the role), changes them to auditor in place, and the auditor, signed in,
 * sees the roles as text and no way to add, change or deactivate users; made a field user, they start at
 * jobs with no bids or settings in the navigation, and open their job's page by its number. Their job
 * list and job page offer none of what the server would refuse them (New job, bulk actions, office
 * reports, the job's Save, Delete and Archived) and show no withheld money as $0.00; the admin's still do.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../support/app.ts';
import { browserApp, logIn, newPage, pageCall, poll, screenshot, section, signUp } from '../support/browser.ts';

let app: TestApp;
let browser: Browser;
browserApp('browser_roles', { web: true }, (a, b) => {
  app = a;
  browser = b;
});

const password = 'correct horse battery';
const adminEmail = `roles.admin.${Date.now()}@example.com`;
const fayEmail = `fay.${Date.now()}@example.com`;
const seeMessage = (page: Page, text: string | RegExp) => page.getByTestId('message-box').filter({ hasText: text }).waitFor();

describe('roles in Settings > Users', () => {
  let page: Page;

  it('given an admin, when they add a field user and then make them an auditor, then the role column shows it and the server has it', async () => {
    ({ page } = await newPage(browser, app.url));
    await signUp(page, app.url, { accountName: 'Role Call Boring', name: 'Ari Admin', email: adminEmail, password });
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings/');
    const users = section(page, 'Account users');
    const form = users.getByRole('form', { name: 'Add user' });
    await form.getByLabel('Display name').fill('Fay Field');
    await form.getByLabel('E-mail').fill(fayEmail);
    await form.getByLabel('Initial password').fill(password);
    await form.getByLabel('Role of the new user').selectOption('field');
    await form.getByRole('button', { name: 'Add user' }).click();
    await seeMessage(page, 'User Fay Field added.');
    const fay = users.locator(`tr[data-user="${fayEmail}"]`);
    const role = fay.getByLabel('Role of Fay Field');
    await poll(() => role.inputValue()).toBe('field');

    await role.selectOption('auditor');
    await seeMessage(page, 'Fay Field is now auditor.');
    const listed = (await pageCall(page, 'GET', '/api/settings/users/')).body as { email: string; role: string }[];
    expect(listed.find((u) => u.email === fayEmail)?.role).toBe('auditor');
    const history = (await pageCall(page, 'GET', '/api/settings/account/history/')).body as { type: string }[];
    expect(history.map((e) => e.type)).toContain('AccountUserRoleChanged');
  });

  it('given the auditor signed in, then Settings > Users shows roles as text and no way to add or change users', async () => {
    const { page: theirs } = await newPage(browser, app.url);
    await logIn(theirs, fayEmail, password, '/settings/');
    const users = section(theirs, 'Account users');
    await users.locator(`tr[data-user="${adminEmail}"]`).waitFor();
    expect(await users.locator(`tr[data-user="${adminEmail}"]`).textContent()).toContain('Admin');
    expect(await users.getByRole('form', { name: 'Add user' }).count()).toBe(0);
    expect(await users.locator('select').count()).toBe(0);
    expect(await users.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
    await theirs.close();
  });

  it('given the admin makes them a field user, when they sign in, then they start at jobs and the navigation offers no bids or settings', async () => {
    const fay = ((await pageCall(page, 'GET', '/api/settings/users/')).body as { id: string; email: string }[]).find((u) => u.email === fayEmail)!;
    expect((await pageCall(page, 'PUT', `/api/settings/users/${fay.id}/`, { role: 'field' })).status).toBe(200);
    const { page: theirs } = await newPage(browser, app.url);
    await theirs.goto('/login');
    await theirs.getByLabel('Email').fill(fayEmail);
    await theirs.locator('input[type=password]').fill(password);
    await theirs.keyboard.press('Enter');
    await theirs.waitForURL('**/job/');
    const nav = theirs.getByRole('navigation', { name: 'Areas' });
    await nav.getByRole('link', { name: 'Tickets' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Bids' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);

    // Their job's page opens by its number (the screen looks the number up first) and shows no money.
    const job = (await pageCall(page, 'POST', '/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Fay trench run', account_job_number: 'FAY-7', estimated_total: 5000 })).body as { id: string };
    expect((await pageCall(page, 'POST', `/api/jobs/${job.id}/assign_users/`, { user_to_be_assigned: fayEmail })).status).toBe(201);
    // Whose a job is, is read from the job list: once the projector has the assignment (another user's write, not waited for).
    await poll(async () => (await pageCall(theirs, 'GET', `/api/jobs/${job.id}/`)).status, { timeout: 30_000 }).toBe(200);
    await theirs.goto('/job/FAY-7');
    await theirs.getByTestId('job-title').filter({ hasText: 'Job FAY-7' }).waitFor();
    expect(await theirs.getByTestId('job-title').textContent()).toContain('Fay trench run');
    expect(await theirs.getByText('$5,000.00').count()).toBe(0);
    await theirs.close();
  });

  /** The job list's buttons the server refuses a field user: New job, the bulk actions and the office reports. */
  const OFFICE_LIST_BUTTONS = ['New job', 'Delete', 'Archive', 'Ops report', 'Management export', 'Download PDF bundles'];
  /** A job's lines a field user adds (tasks, notes, photos, production, segments, damage reports) and the office's they do not. */
  const FIELD_LINE_BUTTONS = ['Add segment', 'Add production', 'Add note', 'Upload photos to Photos', 'Add damage report'];
  const OFFICE_LINE_BUTTONS = ['Add material', 'Add work order', 'Add crew', 'Assign', 'Add link', 'Add IWA', 'Add timesheet', 'Add item', 'Upload'];
  // New job's name carries its menu's ▾.
  const buttonsNamed = async (scope: Page, names: string[]) => Promise.all(names.map((name) => scope.getByRole('button', { name: new RegExp(`^${name}( ▾)?$`) }).count()));

  it('given the field user, when they open the job list and their job, then no refused button is offered and no money shows, not even $0.00; their lines still take a note', async () => {
    const { page: theirs } = await newPage(browser, app.url);
    await logIn(theirs, fayEmail, password, '/job/');
    await theirs.locator('tr[data-job-number="FAY-7"]').waitFor();
    expect(await buttonsNamed(theirs, OFFICE_LIST_BUTTONS)).toEqual(OFFICE_LIST_BUTTONS.map(() => 0));
    expect(await theirs.getByRole('columnheader', { name: 'Total job' }).count()).toBe(0);
    expect(await theirs.getByText('$0.00').count()).toBe(0);
    // The PO number is the office's to edit: no 'Add PO' button on their row.
    expect(await theirs.getByRole('button', { name: /Add PO/ }).count()).toBe(0);
    await screenshot(theirs, 'roles-field-job-list');

    await theirs.goto('/job/FAY-7');
    await theirs.getByTestId('job-totals').waitFor();
    expect(await theirs.getByRole('button', { name: 'History', exact: true }).count()).toBe(1);
    expect(await theirs.getByLabel('As of').count()).toBe(1);
    expect([await theirs.getByTestId('save-job').count(), await theirs.getByTestId('delete-job').count(), await theirs.getByLabel('Archived', { exact: true }).count()]).toEqual([0, 0, 0]);
    // The job's own fields read-only: its title shows as text, not in a box.
    expect(await theirs.locator('[data-input="title"] input').count()).toBe(0);
    expect(await theirs.getByTestId('job-totals').textContent()).not.toContain('$');
    expect(await theirs.getByText('$0.00').count()).toBe(0);
    // Their field lines take new lines; the office's lines are shown without a way to change them, the money and payroll ones not at all.
    expect(await buttonsNamed(theirs, FIELD_LINE_BUTTONS)).toEqual(FIELD_LINE_BUTTONS.map(() => 1));
    expect(await buttonsNamed(theirs, OFFICE_LINE_BUTTONS)).toEqual(OFFICE_LINE_BUTTONS.map(() => 0));
    expect(await section(theirs, 'Timesheets').count()).toBe(0);
    expect(await theirs.getByRole('navigation', { name: 'Job sections' }).getByRole('button', { name: 'Items', exact: true }).count()).toBe(0);
    await screenshot(theirs, 'roles-field-job-page');
    await theirs.close();
  });

  it('given the admin, when they open the same job list and job, then New job, the bulk actions, the reports, Save, Delete, Archived and the money are all there', async () => {
    await page.goto('/job/');
    await page.locator('tr[data-job-number="FAY-7"]').waitFor();
    expect(await buttonsNamed(page, OFFICE_LIST_BUTTONS)).toEqual(OFFICE_LIST_BUTTONS.map(() => 1));
    expect(await page.getByRole('columnheader', { name: 'Total job' }).count()).toBe(1);
    await page.goto('/job/FAY-7');
    await page.getByTestId('save-job').waitFor();
    expect([await page.getByTestId('delete-job').count(), await page.getByLabel('Archived', { exact: true }).count()]).toEqual([1, 1]);
    expect(await page.locator('[data-input="title"] input').count()).toBe(1);
    expect(await page.getByTestId('job-totals').textContent()).toContain('$0.00');
    expect(await buttonsNamed(page, ['Add material', 'Add crew', 'Add timesheet', 'Add note'])).toEqual([1, 1, 1, 1]);
  });
});
