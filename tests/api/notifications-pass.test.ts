/**
 * The notification pass over every account (apps/worker/src/notifications/pass.ts) on the app's
 * database with a fake clock: an account is scanned again only when an event of it, its day, its users'
 * preferences or the full-scan interval says so, and what a skipped scan would have told is told.
 */
import { describe, expect, it } from 'vitest';
import { scanNotifications } from '@trenchline/worker/notifications/scan.ts';
import { FULL_SCAN_EVERY_MS } from '@trenchline/worker/notifications/pass.ts';
import { apiTest } from '../support/apiTest.ts';
import { workerOnApp } from '../support/worker.ts';

let clock = Date.parse('2026-11-26T15:00:00Z');
const { app, office, rival } = apiTest('api_notification_pass', { now: () => new Date(clock) });

describe('the notification pass', () => {
  /** One worker's pass, its memory kept between calls as the scheduled job keeps it. */
  let pass: () => Promise<{ accounts: number; scanned: number; told: number }>;
  const passOnceCaughtUp = async () => {
    await app.caughtUp();
    return pass();
  };
  const permitJob = async (title: string, expires: string) => {
    const job = (await office.post('/api/jobs/new/', { form_type: 'base', title })).body;
    expect((await office.put(`/api/jobs/${job.id}/`, { permit_expiration_date: expires })).status).toBe(200);
  };

  it('given two accounts, when the first pass runs, then it scans both and tells the office of an expiring permit', async () => {
    pass = scanNotifications(workerOnApp(app, { now: () => new Date(clock) }));
    await permitJob('Permit job', '2026-12-02');
    const first = await passOnceCaughtUp();
    expect(first).toMatchObject({ accounts: 2, scanned: 2, told: 1 });
  });

  it('when the next pass finds nothing moved, then it scans no account', async () => {
    clock += 30_000;
    expect(await passOnceCaughtUp()).toMatchObject({ scanned: 0, told: 0 });
  });

  it('given a second expiring permit written in one account, when the pass runs, then only that account is scanned and the permit told', async () => {
    clock += 30_000;
    await permitJob('Second permit job', '2026-12-01');
    expect(await passOnceCaughtUp()).toMatchObject({ scanned: 1, told: 1 });
    clock += 30_000;
    expect(await passOnceCaughtUp()).toMatchObject({ scanned: 0 });
  });

  it("given the rival's user turning permit notices to e-mail (no event), when the pass runs, then the rival is scanned", async () => {
    clock += 30_000;
    expect((await rival.put('/api/notification_preferences/', { permit_expiring: 'email' })).status).toBe(200);
    expect(await passOnceCaughtUp()).toMatchObject({ scanned: 1 });
  });

  it('given the full-scan interval passed with nothing moved, then every account is scanned; and at the next local day too', async () => {
    clock += FULL_SCAN_EVERY_MS;
    expect(await passOnceCaughtUp()).toMatchObject({ scanned: 2, told: 0 });
    clock += 30_000;
    expect(await passOnceCaughtUp()).toMatchObject({ scanned: 0 });
    clock = Date.parse('2026-11-27T15:00:00Z');
    expect(await passOnceCaughtUp()).toMatchObject({ scanned: 2 });
  });

  it('given a new day, when two passes of one worker are asked at once, then the second runs after the first and finds nothing moved', async () => {
    clock = Date.parse('2026-11-28T15:00:00Z');
    await app.caughtUp();
    const [first, second] = await Promise.all([pass(), pass()]);
    expect([first.scanned, second.scanned]).toEqual([2, 0]);
  });
});
