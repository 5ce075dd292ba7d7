/**
 * A worker killed mid-report does not lose the request: the queue finds the job stalled, a second
 * worker retries it, and the report is generated once. Workers run as real processes (SIGKILL).
 * Also: while no worker has finished, the request answers 202 with where to fetch the report, or a
 * 303 to the Reports page for a browser.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { workerProcesses } from '../support/worker-process.ts';

const { app, office, db } = apiTest('api_report_crash', { reportWaitMs: 300 });
const startWorker = workerProcesses(app);

const eventTypes = async (id: string) => (await db.query('select type from events where stream_id = $1 order by stream_version', [`report-${id}`])).rows.map((r) => r.type);

describe('a report whose worker dies', () => {
  let reportId = '';

  it('given no worker yet, when a report is asked for, then 202 with where to fetch it; a browser is sent to the Reports page', async () => {
    const p = (await office.post('/api/projects/', { name: 'Crash course', due_date: '2026-12-01', po_amount: 100 })).body;
    await office.list('/api/projects/?active=t');
    const r = await office.get(`/api/projects/report/management/?ids=${p.id}&format=pdf`);
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ state: 'queued', url: `/api/reports/${r.body.id}/`, file: `/api/reports/${r.body.id}/file/` });
    reportId = r.body.id;
    const page = await office.download(`/api/projects/report/management/?ids=${p.id}`, { Accept: 'text/html,application/xhtml+xml' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(/^\/report\/\?id=\d+$/);
    expect((await office.download(`/api/reports/${reportId}/file/`)).status).toBe(404);
  });

  it('given a worker killed after it started the report, when another worker runs, then the report is generated once', async () => {
    const first = startWorker({ REPORT_STEP_DELAY_MS: '5000' });
    await first.ready;
    await expect.poll(() => eventTypes(reportId), { timeout: 20_000, interval: 100 }).toContain('ReportStarted');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(await eventTypes(reportId)).not.toContain('ReportGenerated');

    const second = startWorker();
    await second.ready;
    await expect.poll(async () => (await office.get(`/api/reports/${reportId}/`)).body.state, { timeout: 30_000, interval: 200 }).toBe('ready');
    const types = await eventTypes(reportId);
    expect(types.filter((t) => t === 'ReportGenerated')).toHaveLength(1);
    expect(types.filter((t) => t === 'ReportStarted').length).toBeGreaterThanOrEqual(2);
    const report = (await office.get(`/api/reports/${reportId}/`)).body;
    expect(report.attempts).toBeGreaterThanOrEqual(2);
    const file = await office.download(report.file);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);
});
