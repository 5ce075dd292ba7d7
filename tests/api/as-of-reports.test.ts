/**
 * Reports as of a moment (docs/as-of.md): a report asked with `as_of`, directly or as a bulk report over
 * a list's filter, reads its rows as they stood then and says so in its title and label.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { created, readSheet, runBulk } from '../support/reports.ts';

// The app's clock: the month-end close is an hour after the first step.
let clock = Date.parse('2026-11-01T03:00:00Z');
const { office } = apiTest('api_as_of_reports', { worker: true, now: () => new Date(clock) });

const monthEnd = '2026-10-31T23:59:00-05:00';
const listed = (q: string, n: number) => expect.poll(async () => ((await office.list(`/api/rfqs/?q=${q}&active=t&archived=t`)).body as unknown[]).length, { timeout: 10_000, interval: 50 }).toBe(n);

describe('a report as of a moment', () => {
  it('given an RFQ renamed and one made after the month-end close, when the management report is asked as of the close, then it has the old title only and its title says as of when', async () => {
    const old = await created(office, '/api/rfqs/', { form_type: 'base_rfq', title: 'ASR close rfq' });
    clock += 86_400_000;
    await created(office, `/api/rfqs/${old.id}/`, { title: 'ASR renamed rfq' }, 'PUT');
    const later = await created(office, '/api/rfqs/', { form_type: 'base_rfq', title: 'ASR later rfq' });
    await listed('ASR', 2);

    const x = await office.download(`/api/rfqs/report/management/?ids=${old.id},${later.id}&as_of=${encodeURIComponent(monthEnd)}`);
    expect(x.status, x.bytes.toString().slice(0, 200)).toBe(200);
    const s = await readSheet(x.bytes, 'RFQ #');
    expect(s.title).toBe('RFQ management report as of 10/31/2026 23:59');
    expect(s.body.map((r) => r.Title)).toEqual(['ASR close rfq']);
    const reports = (await office.list('/api/reports/')).body as { label: string }[];
    expect(reports.map((r) => r.label)).toContain('RFQ management report as of 10/31/2026 23:59');
  });

  it('given a bad as_of on a report, then 400 naming as_of, and on a bulk filter 400 naming filter.as_of', async () => {
    const r = await office.get('/api/rfqs/report/management/?ids=1&as_of=last-month');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields ?? {})).toContain('as_of');
    const b = await office.post('/api/bulk/', { list: 'rfqs', action: 'report', report: 'management', filter: { q: 'ASR', as_of: 'last-month' } });
    expect(b.status).toBe(400);
    expect(Object.keys(b.body.fields ?? {})).toContain('filter.as_of');
  });

  it('given the RFQ list as of the close, when a bulk report over its filter is run, then the selection and rows are the list as it stood then', async () => {
    const done = await runBulk(office, { list: 'rfqs', action: 'report', report: 'management', filter: { q: 'ASR', active: true, archived: true, as_of: monthEnd } });
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.total).toBe(1);
    const x = await office.download(done.file_url ?? done.file?.url);
    const s = await readSheet(x.bytes, 'RFQ #');
    expect(s.title).toBe('RFQ management report as of 10/31/2026 23:59');
    expect(s.body.map((r) => r.Title)).toEqual(['ASR close rfq']);
  });
});
