/**
 * Locate rows at size, for the benches that need many locates on many jobs (locates, notifications): a
 * template locate made over the API as the screens make one, and rows modelled on it straight into the
 * `locates` read model with the columns and search words of its three lists, as the projector writes them.
 */
import type pg from 'pg';
import { LOCATE_STATUSES } from '@trenchline/domain';
import { expiringLocatesList, locatesList, unassignedLocatesList } from '@trenchline/read-model';
import type { Client } from '../../tests/support/client.ts';
import { sleep } from './common.ts';
import { listRowMaker, loadListRows } from './list-rows.ts';
import { CREWS, CUSTOMERS, FIRST_ID } from './job-rows.ts';

/** Ids of the inserted locates are FIRST_LOCATE_ID + i (apart from job-rows.ts's). */
export const FIRST_LOCATE_ID = 700_000_000;

const today = new Date().toISOString().slice(0, 10);
const day = (plus: number) => new Date(Date.parse(today) + plus * 86_400_000).toISOString().slice(0, 10);

async function ok(c: Client, path: string, body: Record<string, unknown>) {
  const r = await c.post(path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as Record<string, any>;
}

/** Statuses one in twenty: 10 Active, 4 Marked, 3 Completed, and one each of the rest. */
const STATUS_MIX = [...Array(10).fill('Active'), ...Array(4).fill('Marked'), ...Array(3).fill('Completed'), 'Returned', 'Job On Hold', 'Canceled'] as (typeof LOCATE_STATUSES)[number][];

/** A locate on `jobId` with customer data, a crew, a note and a re-up, waited for in the read model; its id. */
export async function makeTemplateLocate(c: Client, db: pg.Pool, jobId: string): Promise<{ id: string }> {
  const tl = await ok(c, '/api/locates/', { form_type: 'base_locate', job_ref: jobId, current_ticket_number: '2600000000', current_date_submitted: day(-20) });
  await ok(c, `/api/locates/${tl.id}/customer_data/`, { customer: 'AT&T', job_number: 'T-1', job: 'Template job', seg: 'S1' });
  await ok(c, `/api/locates/${tl.id}/crews/`, { crew_name: CREWS[0] });
  await ok(c, `/api/locates/${tl.id}/notes/`, { note: 'Marks confirmed on site.' });
  const last = await ok(c, `/api/locates/${tl.id}/reup/`, { ticket_number: '2600000001' });
  for (let t = 0; ; t++) {
    if ((await db.query('select 1 from locates where id = $1 and version >= $2', [tl.id, last.version])).rowCount) break;
    if (t > 600) throw new Error('the template locate never reached the read model');
    await sleep(50);
  }
  return { id: String(tl.id) };
}

/**
 * `count` locate rows of the account on `jobs` job rows (job-rows.ts ids; one in ten on none), modelled on
 * the template's row (which the projector wrote), straight into `locates` 2,000 a statement; then
 * `vacuum analyze` as autovacuum would. Statuses, expiries, customers and crews varied; 10% archived.
 */
export async function insertLocateRows(db: pg.Pool, accountId: string, templateId: string, count: number, jobs: number) {
  const tpl = (await db.query('select * from locates where id = $1', [templateId])).rows[0];
  if (!tpl) throw new Error('the template locate is not in the read model');
  const locateRow = listRowMaker(locatesList, expiringLocatesList, unassignedLocatesList);
  const rowOf = (i: number) => {
    const id = String(FIRST_LOCATE_ID + i);
    const status = STATUS_MIX[(i * 7) % STATUS_MIX.length];
    const watched = status === 'Active' || status === 'Marked';
    // Watched tickets expire from 30 days ago to 60 ahead (about a third expiring); the others long ago.
    const expires = watched ? day(((i * 37) % 91) - 30) : day(-((i * 53) % 400) - 15);
    const submitted = new Date(Date.parse(expires) - 14 * 86_400_000).toISOString().slice(0, 10);
    const job = i % 10 === 9 ? null : FIRST_ID + (i % jobs);
    const number = `26${String(i).padStart(8, '0')}`;
    const fields = {
      ...tpl.state.fields,
      locate_status: status,
      current_ticket_type: ['Normal', 'Update', 'Re-mark', 'Emergency'][i % 4],
      current_ticket_number: number,
      current_alt_ticket_number: i % 3 ? null : `ALT-${i}`,
      current_date_submitted: submitted,
      current_work_date: i % 2 ? day(Math.round((Date.parse(submitted) - Date.parse(today)) / 86_400_000) + 2) : null,
      current_date_expiration: expires,
      archived: i % 10 === 0,
      job_ref: job === null ? null : String(job),
      job_task_ref: null,
      task_id: null,
      account_job_number: job === null ? null : String(100_000 + (i % jobs)),
    };
    const updated = new Date(Date.parse(submitted) + ((i * 104_729) % 86_400) * 1000).toISOString();
    const view: Record<string, unknown> = {
      ...tpl.view,
      ...fields,
      id,
      created_at: `${submitted}T12:00:00.000Z`,
      last_updated: updated,
      ticket_chain: i % 4 ? [`26${String(i + 1_000_000).padStart(8, '0')}`, number] : [number],
      re_up_count: i % 4 ? 1 : 0,
      segments: [`S${1 + (i % 3)}`],
      customer: CUSTOMERS[i % CUSTOMERS.length],
      customer_job_number: `CJ-${i % 5000}`,
      crew_string: i % 5 === 4 ? '' : CREWS[i % CREWS.length],
      latest_note: ['Marks confirmed on site.', 'Waiting on the gas company.', 'Re-mark requested.', null][i % 4],
    };
    return locateRow(accountId, tpl, { id, fields, view, updated });
  };
  return loadListRows(db, 'locates', count, rowOf);
}
