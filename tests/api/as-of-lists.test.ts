/**
 * Every list as it stood at a moment (`?as_of=`, docs/as-of.md) over HTTP: the job list, the billing
 * dashboard with its totals, locates, tickets and RFQs. A record made later is absent, one deleted
 * later is present, one edited later shows its old values; a bad as_of is a 400 naming it.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

// The app's clock: events are stamped with it; each step of a story is a day later.
let clock = Date.parse('2026-10-20T15:00:00Z');
const nextDay = () => (clock += 86_400_000);
const { office } = apiTest('api_as_of_lists', { now: () => new Date(clock) });
const { newOrcaJob, add } = orcaJobCalls(office);

type Page = { results: Row[]; count: number; next: string | null; previous: string | null };
const page = async (path: string, query: string) => {
  const r = await office.list(`${path}?page=1&${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Page;
};
const asOf = (iso: string) => `as_of=${encodeURIComponent(iso)}`;
/** An instant an hour after the clock, written as the contractor's office would (Central time). */
const anHourOnCentral = () => new Date(clock + 3_600_000 - 5 * 3_600_000).toISOString().replace('Z', '-05:00').replace(/\.\d{3}/, '');
const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);

describe('the job list as of a moment', () => {
  it('given a job made, one made later, one edited later and one deleted later, then as of the first day the list shows them as they stood', async () => {
    const alpha = await add('/api/jobs/new/', { form_type: 'base', title: 'Asof alpha' });
    const gone = await add('/api/jobs/new/', { form_type: 'base', title: 'Asof gone' });
    const firstDay = anHourOnCentral();
    nextDay();
    const beta = await add('/api/jobs/new/', { form_type: 'base', title: 'Asof beta' });
    ok(await office.put(`/api/jobs/${alpha.id}/`, { title: 'Asof alpha renamed' }));
    ok(await office.del(`/api/jobs/${gone.id}/`));

    const now = await page('/api/jobs/', 'q=asof&ordering=title');
    expect(now.results.map((r) => r.title)).toEqual(['Asof alpha renamed', 'Asof beta']);

    const then = await page('/api/jobs/', `q=asof&ordering=title&${asOf(firstDay)}`);
    expect(then.count).toBe(2);
    expect(then.results.map((r) => [r.id, r.title])).toEqual([
      [alpha.id, 'Asof alpha'],
      [gone.id, 'Asof gone'],
    ]);
    expect(then.next).toBeNull();
    // Searched by the words it had then, not now.
    expect((await page('/api/jobs/', `q=renamed&${asOf(firstDay)}`)).count).toBe(0);
    // Unpaged: the plain array, as without as_of.
    const plain = await office.list(`/api/jobs/?q=asof&${asOf(firstDay)}`);
    expect(plain.body.map((r: Row) => r.id).sort()).toEqual([alpha.id, gone.id].sort());
    // Before anything was made: nothing.
    expect((await page('/api/jobs/', `q=asof&${asOf('2026-10-01T00:00:00Z')}`)).count).toBe(0);
    void beta;
  });

  it("given a job with a crew and no locate, then a live locate later, then as of the first day its row still warns (the locates as they stood)", async () => {
    const j = await add('/api/jobs/new/', { form_type: 'base', title: 'Asofwarn job' });
    await add('/api/settings/crews/', { crew_name: 'Asof Crew' });
    await add(`/api/jobs/${j.id}/crews/`, { crew_name: 'Asof Crew' });
    const firstDay = anHourOnCentral();
    nextDay();
    await add('/api/locates/', { form_type: 'base_locate', job_ref: j.id, locate_status: 'Active', current_date_expiration: '2026-12-30' });
    const warning = async (query: string) => (await page('/api/jobs/', `q=asofwarn&${query}`)).results.find((r) => r.id === j.id)?.locate_warning;
    expect(await warning('')).toBeNull();
    expect(await warning(asOf(firstDay))).toBe('No live locate for the planned work');
  });

  it('given a bad as_of, then 400 naming as_of, on the job list and on the billing dashboard', async () => {
    for (const bad of ['yesterday', '2026-10-31', '2026-10-31T23:59:00', '2026-13-31T23:59:00Z']) {
      for (const path of ['/api/jobs/', '/api/jobs/orcas/billings/', '/api/locates/', '/api/tickets/', '/api/rfqs/']) {
        const r = await office.get(`${path}?page=1&${asOf(bad)}`);
        expect(r.status, `${path} ${bad} ${JSON.stringify(r.body)}`).toBe(400);
        expect(Object.keys(r.body.fields ?? {})).toContain('as_of');
      }
    }
  });
});

describe('the billing dashboard as of a moment', () => {
  it('given invoices whose status and amount changed later and one deleted later, then the page and its totals as of then show the old ones', async () => {
    const j = await newOrcaJob({ title: 'Asof billing' });
    const a = await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'ASB-001', invoice_amount: '100' });
    const b = await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'ASB-002', invoice_amount: '40', status: 'Level 2' });
    const monthEnd = anHourOnCentral();
    nextDay();
    ok(await office.put(`/api/jobs/invoices/${a.id}`, { status: 'Submitted', invoice_amount: '300' }));
    ok(await office.del(`/api/jobs/invoices/${b.id}/`));
    await add(`/api/jobs/${j.id}/invoices/`, { invoice_number: 'ASB-003', invoice_amount: '7' });

    type Billing = Page & { totals: { status: string; count: number; amount: number }[]; grand_total: { count: number; amount: number } };
    const now = (await page('/api/jobs/orcas/billings/', 'q=asb-&ordering=invoice_number')) as Billing;
    expect(now.results.map((r) => [r.invoice_number, r.status, r.invoice_amount])).toEqual([
      ['ASB-001', 'Submitted', 300],
      ['ASB-003', 'Not Ready', 7],
    ]);
    const then = (await page('/api/jobs/orcas/billings/', `q=asb-&ordering=invoice_number&${asOf(monthEnd)}`)) as Billing;
    expect(then.results.map((r) => [r.invoice_number, r.status, r.invoice_amount])).toEqual([
      ['ASB-001', 'Not Ready', 100],
      ['ASB-002', 'Level 2', 40],
    ]);
    expect(then.totals.map((t) => [t.status, t.count, t.amount])).toEqual([
      ['Not Ready', 1, 100],
      ['Level 2', 1, 40],
    ]);
    expect(then.grand_total).toMatchObject({ count: 2, amount: 140 });
    // The ORCA dashboard the same: the job as of the close, nothing before it was made.
    expect((await page('/api/jobs/orcas/', `q=asof+billing&${asOf(monthEnd)}`)).results.map((r) => r.id)).toEqual([j.id]);
    expect((await page('/api/jobs/orcas/', `q=asof+billing&${asOf('2026-10-01T00:00:00Z')}`)).count).toBe(0);
  });
});

describe('locates, tickets and RFQs as of a moment', () => {
  it('given a locate whose status changed later and one made later, then the locate list as of then shows the old status and not the later one', async () => {
    const l = await add('/api/locates/', { form_type: 'base_locate', current_ticket_number: 'ASOF-L1', locate_status: 'Active', current_date_expiration: '2026-12-30' });
    const then = anHourOnCentral();
    nextDay();
    ok(await office.put(`/api/locates/${l.id}/`, { locate_status: 'Completed' }));
    await add('/api/locates/', { form_type: 'base_locate', current_ticket_number: 'ASOF-L2' });
    const now = await page('/api/locates/', 'q=asof-l&active=t&archived=t');
    expect(now.results.map((r) => [r.current_ticket_number, r.locate_status]).sort()).toEqual([
      ['ASOF-L1', 'Completed'],
      ['ASOF-L2', expect.anything()],
    ]);
    const before = await page('/api/locates/', `q=asof-l&active=t&archived=t&${asOf(then)}`);
    expect(before.results.map((r) => [r.current_ticket_number, r.locate_status])).toEqual([['ASOF-L1', 'Active']]);
  });

  it('given a ticket renamed later and one made later, then the ticket list as of then shows the old title only', async () => {
    const t = await add('/api/tickets/', { form_type: 'base_ticket', title: 'Asof ticket one' });
    const then = anHourOnCentral();
    nextDay();
    ok(await office.put(`/api/tickets/${t.id}/`, { title: 'Asof ticket renamed' }));
    await add('/api/tickets/', { form_type: 'base_ticket', title: 'Asof ticket two' });
    expect((await page('/api/tickets/', 'q=asof+ticket')).results.map((r) => r.title).sort()).toEqual(['Asof ticket renamed', 'Asof ticket two']);
    const before = await page('/api/tickets/', `q=asof+ticket&${asOf(then)}`);
    expect(before.results.map((r) => [r.id, r.title])).toEqual([[t.id, 'Asof ticket one']]);
  });

  it('given an RFQ deleted later and one made later, then the RFQ list as of then has the deleted one and not the new one', async () => {
    const r1 = await add('/api/rfqs/', { form_type: 'base_rfq', title: 'Asof rfq one' });
    const then = anHourOnCentral();
    nextDay();
    ok(await office.del(`/api/rfqs/${r1.id}/`));
    const r2 = await add('/api/rfqs/', { form_type: 'base_rfq', title: 'Asof rfq two' });
    expect((await page('/api/rfqs/', 'q=asof+rfq')).results.map((r) => r.id)).toEqual([r2.id]);
    expect((await page('/api/rfqs/', `q=asof+rfq&${asOf(then)}`)).results.map((r) => r.id)).toEqual([r1.id]);
  });
});
