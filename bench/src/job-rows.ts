/**
 * 100,000 jobs in an account without 100,000 command round trips (shared by jobs.ts and lists.ts):
 * one real job made over the API is the template of every row (its view and state), varied per row:
 * numbers, titles, customers, statuses, crews, dates spread over five years, 10% archived, totals;
 * the rows go straight into the `jobs` read model with their typed columns and search text computed
 * by the list's own declaration (so they are what the projector would write).
 */
import type pg from 'pg';
import { jobsList } from '@trenchline/read-model';
import { listRowMaker, loadListRows } from './list-rows.ts';
import type { Client } from '../../tests/support/client.ts';

export const CUSTOMERS = ['AT&T', 'Fiberlight', 'Lumen', 'Windstream', 'City of Tulsa'];
export const STATUSES = ['New', 'Current', 'Delayed', 'Near Comp.', 'Complete', 'URGENT', 'Rework'];
export const CREWS = ['Bore Crew A', 'Bore Crew B', 'Splice Team', 'Aerial 1', 'Trench 2'];
export const TITLES = ['fibre build', 'bore under highway', 'aerial overlash', 'handhole set'];
/** Ids of the inserted rows are FIRST_ID + i. */
export const FIRST_ID = 900_000_000;

async function ok(c: Client, path: string, body: Record<string, unknown>) {
  const r = await c.post(path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, any>;
}

const day = (base: number, plus: number) => new Date(base + plus * 86_400_000).toISOString().slice(0, 10);

/** The template job, made over the API with lines in every collection the reports read; its id. */
export async function makeTemplateJob(c: Client): Promise<string> {
  for (const crew_name of CREWS) await ok(c, '/api/settings/crews/', { crew_name });
  const template = await ok(c, '/api/jobs/', { form_type: 'base', title: 'Template job', customer: 'AT&T', job_number: 'T-1', estimated_payout: 20000, completion_date: '2026-12-01', start_date: '2026-11-01', address: '100 Main St', city: 'Tulsa', coordinator: 'Dana Whitfield' });
  const add = (kind: string, body: Record<string, unknown>) => ok(c, `/api/jobs/${template.id}/${kind}/`, body);
  for (let i = 0; i < 4; i++) await add('items', { item: `Bore 2" HDPE ${i}`, uom: 'FT', qty: 250 + i, price: 12.5 });
  await add('change_orders', { co_number: 'CO-1', qty: 1, price: 950 });
  await add('invoices', { invoice_number: 'INV-1', invoice_amount: 8000 });
  await add('crew_payouts', { crew_name: CREWS[0], crew_payout_amount: 4200.5 });
  await add('crew_payouts', { crew_name: CREWS[0], crew_payout_amount: 310.25, category: 'Materials Payout' });
  await add('crews', { crew_name: CREWS[0] });
  await add('crews', { crew_name: CREWS[2] });
  await add('segments', { segment_number: 'S1', work_type: 'Bore', feet: 1200, plan_days: 5 });
  await add('segments', { segment_number: 'S2', work_type: 'Trench', feet: 800, plan_days: 3 });
  await add('productions', { segment_number: 'S1', crew_name: CREWS[0], feet: 600, production_days: 2, crew_payout_amount: 1500 });
  await add('productions', { segment_number: 'S2', crew_name: CREWS[2], feet: 200, production_days: 1, crew_payout_amount: 400 });
  await add('notes', { note: 'Locates called in; crew on site Monday.' });
  return String(template.id);
}

/**
 * `count` job rows of the account inserted straight into the read model, modelled on the template
 * job's row (which the projector must have written); then `vacuum analyze` as autovacuum would.
 */
export async function insertJobRows(db: pg.Pool, accountId: string, templateId: string, count: number): Promise<{ insertMs: number; tableSize: string }> {
  const tpl = (await db.query('select * from jobs where id = $1', [templateId])).rows[0];
  if (!tpl) throw new Error('the template job is not in the read model');
  const base = Date.UTC(2024, 0, 1);
  const jobRow = listRowMaker(jobsList);
  const rowOf = (i: number) => {
    const id = String(FIRST_ID + i);
    const completion = day(base, (i * 7919) % 1826);
    const start = day(Date.parse(completion), -(10 + (i % 80)));
    const scale = 1 + (i % 50) / 10;
    const money = (v: unknown) => Math.round(Number(v ?? 0) * scale * 100) / 100;
    const fields = {
      ...tpl.state.fields,
      account_job_number: String(100_000 + i),
      job_number: `J-${i}`,
      title: `Job ${i} ${TITLES[i % TITLES.length]}`,
      customer: CUSTOMERS[i % CUSTOMERS.length],
      work_status: STATUSES[i % STATUSES.length],
      start_date: i % 11 === 0 ? null : start,
      completion_date: i % 13 === 0 ? null : completion,
      archived: i % 10 === 0,
      colour: i % 9 === 0 ? 'Blue Lt' : null,
    };
    const created_at = `${start}T12:00:00.000Z`;
    const view: Record<string, unknown> = { ...tpl.view, ...fields, id, created_at, last_updated: created_at, crew_string: `${CREWS[i % 5]}, ${CREWS[(i + 2) % 5]}` };
    for (const k of JOB_MONEY_FIELDS) view[k] = money(tpl.view[k]);
    return jobRow(accountId, tpl, { id, fields, view, updated: created_at });
  };
  return loadJobRows(db, count, rowOf);
}

/** The job money totals a bench row scales from its template's. */
export const JOB_MONEY_FIELDS = ['total_po_item_amounts', 'total_change_orders', 'total_job', 'total_job_invoiced_actual', 'total_crew_payouts', 'total_payouts', 'total_gross_profit', 'job_operations_gross_profit'];

/** Rows `rowOf(0..count-1)` into `jobs` (see loadListRows). */
export const loadJobRows = (db: pg.Pool, count: number, rowOf: (i: number) => Record<string, unknown>) => loadListRows(db, 'jobs', count, rowOf);
