/**
 * 100,000 ORCA jobs in an account without 100,000 command round trips (orca-dashboard.ts), as
 * job-rows.ts does for base jobs: one real ORCA job made over the API (tasks, CIBE lines, permits,
 * invoices, crews) is the template of every row, varied per row: numbers, titles, customers,
 * statuses, task counts, permit expiry, billing due date, CIBE difference, crews, last change, 10%
 * archived. The rows go straight into the `jobs` read model with the typed columns of BOTH lists over
 * that table (job list and ORCA dashboard: `projected`, as the projector writes them).
 */
import type pg from 'pg';
import { jobsList, orcaJobsList } from '@trenchline/read-model';
import { listRowMaker } from './list-rows.ts';
import type { Client } from '../../tests/support/client.ts';
import { CREWS, CUSTOMERS, JOB_MONEY_FIELDS, loadJobRows, TITLES } from './job-rows.ts';

export const ORCA_STATUSES = ['New', 'Issued', 'Scheduled', 'In Production', 'Delayed', 'Near Complete', 'Complete', 'URGENT'];
/** Ids of the inserted rows are FIRST_ORCA_ID + i (apart from job-rows.ts's). */
export const FIRST_ORCA_ID = 800_000_000;

export async function ok(c: Client, path: string, body: Record<string, unknown>, method: 'post' | 'put' = 'post') {
  const r = await c[method](path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${method.toUpperCase()} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as Record<string, any>;
}

const day = (base: number, plus: number) => new Date(base + plus * 86_400_000).toISOString().slice(0, 10);

export interface OrcaJob {
  id: string;
  tasks: string[];
  cibeLines: string[];
  invoices: string[];
}

/** An ORCA job over HTTP as the screens write it: `tasks` tasks, each with CIBE lines, a permit, an invoice and a crew. */
export async function makeOrcaJob(c: Client, n: number, o: { tasks?: number; cibePerTask?: number } = {}): Promise<OrcaJob> {
  const job = await ok(c, '/api/jobs/new/', {
    form_type: 'attorca',
    title: `ORCA ${n} ${TITLES[n % TITLES.length]}`,
    customer: 'AT&T',
    job_number: `OR-${n}`,
    work_status: 'In Production',
    completion_date: day(Date.now(), 20 + (n % 40)),
    billing_due_date: day(Date.now(), 30 + (n % 20)),
    coordinator: 'Dana Whitfield',
  });
  const out: OrcaJob = { id: String(job.id), tasks: [], cibeLines: [], invoices: [] };
  for (let t = 0; t < (o.tasks ?? 2); t++) {
    const task = await ok(c, `/api/jobs/${job.id}/tasks/`, { job: job.id, title: `Task ${t + 1}`, estimated_crew_payout: 3000 });
    out.tasks.push(String(task.id));
    const onTask = (kind: string, values: Record<string, unknown>) => ok(c, `/api/jobs/${job.id}/${kind}/`, { ...values, job_task: task.id });
    for (let l = 0; l < (o.cibePerTask ?? 2); l++) {
      const line = await onTask('cibeitems', { issued_item_code: `SVA-10${l}`, issued_item_description: 'Directional bore', issued_item_qty: 100 + l * 10, issued_item_price: 14.25, CIBE_item_qty: 100 + l * 10 + (l % 2 ? 5 : 0) });
      out.cibeLines.push(String(line.id));
    }
    await onTask('permits', { permit_number: `ROW-${n}-${t + 1}`, agency: 'City', status: 'Approved', expiration_date: day(Date.now(), 5 + t * 10) });
    const invoice = await onTask('invoices', { invoice_number: `INV-${n}-${t + 1}`, invoice_amount: 4000 + t * 250, status: 'Not Ready' });
    out.invoices.push(String(invoice.id));
    await onTask('crews', { crew_name: CREWS[(n + t) % CREWS.length] });
  }
  return out;
}

/** Crews the template's crew lines name (Settings > Crews). */
export async function makeCrews(c: Client) {
  for (const crew_name of CREWS) await ok(c, '/api/settings/crews/', { crew_name });
}

/**
 * `count` ORCA job rows of the account inserted straight into the read model, modelled on the
 * template's row (which the projector must have written); then `vacuum analyze` as autovacuum would.
 */
export async function insertOrcaJobRows(db: pg.Pool, accountId: string, templateId: string, count: number): Promise<{ insertMs: number; tableSize: string }> {
  const tpl = (await db.query('select * from jobs where id = $1', [templateId])).rows[0];
  if (!tpl) throw new Error('the template ORCA job is not in the read model');
  if (tpl.view.form_type !== 'attorca') throw new Error(`the template is a ${tpl.view.form_type} job`);
  const orcaRow = listRowMaker(jobsList, orcaJobsList);
  const base = Date.UTC(2024, 0, 1);
  const today = Date.UTC(2026, 10, 24);
  const issued = Number(tpl.view.CIBE_issued_grand_total ?? 0) || 5000;
  const rowOf = (i: number) => {
    const id = String(FIRST_ORCA_ID + i);
    const completion = day(base, (i * 7919) % 1826);
    const start = day(Date.parse(completion), -(10 + (i % 80)));
    const scale = 1 + (i % 50) / 10;
    const money = (v: unknown) => Math.round(Number(v ?? 0) * scale * 100) / 100;
    // CIBE built minus issued, -250 .. +250 in steps of 12.50; 1 in 5 exactly as issued.
    const difference = i % 5 === 0 ? 0 : (((i * 13) % 41) - 20) * 12.5;
    const fields = {
      ...tpl.state.fields,
      account_job_number: String(200_000 + i),
      job_number: `OR-${i}`,
      title: `ORCA ${i} ${TITLES[i % TITLES.length]}`,
      customer: CUSTOMERS[i % CUSTOMERS.length],
      work_status: ORCA_STATUSES[i % ORCA_STATUSES.length],
      start_date: i % 11 === 0 ? null : start,
      completion_date: i % 13 === 0 ? null : completion,
      billing_due_date: i % 6 === 0 ? null : day(Date.parse(completion), 30),
      archived: i % 10 === 0,
      colour: i % 9 === 0 ? 'Blue Lt' : i % 9 === 4 ? 'Yellow' : null,
    };
    const updated = new Date(base + ((i * 104_729) % (1826 * 86_400)) * 1000).toISOString();
    const view: Record<string, unknown> = {
      ...tpl.view,
      ...fields,
      id,
      created_at: `${start}T12:00:00.000Z`,
      last_updated: updated,
      crew_string: `${CREWS[i % 5]}, ${CREWS[(i + 2) % 5]}`,
      task_count: 1 + (i % 6),
      // Expiry from 20 days ago to 100 days ahead of the seed's today (red, orange and plain rows); 1 in 7 none.
      permit_expiration_date: i % 7 === 0 ? null : day(today, ((i * 37) % 120) - 20),
      CIBE_issued_grand_total: issued,
      CIBE_job_grand_total: issued + difference,
      CIBE_job_grand_total_difference: difference,
    };
    for (const k of JOB_MONEY_FIELDS) view[k] = money(tpl.view[k]);
    return orcaRow(accountId, tpl, { id, fields, view, updated });
  };
  return loadJobRows(db, count, rowOf);
}
