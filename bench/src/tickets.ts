/**
 * The field ticket list and the approval write at size (issue 17). Every figure is printed beside its
 * baseline from the same run and written to bench/results/tickets.json; nothing here judges a time.
 *
 * 100,000 tickets in one account (straight into the `tickets` read model with the columns and search
 * words of its two lists, as the projector writes them: a real ticket made over the API is the
 * template), 95% on 5,000 jobs (job-rows.ts), 5% on none; statuses, dates, customers and crews varied;
 * created over the last 400 days, so the 14-day default range holds a few percent of them; 10% archived.
 *
 * over HTTP (the app in its own process), p50/p99 of N runs after a warm-up:
 *   GET /api/tickets/?page=1 (the default: newest first over the last 14 days), the same over every
 *   date, ?ordering=ticket_status (the status order), ?q=<customer word>, GET /api/tickets/my_jobs/?page=1,
 *   GET /api/tickets/job_tickets/{job}.
 * the engine in this process (matchingRows / countMatching on the same database), each beside the same
 * call on a copy of the list's declaration without `annotate` (job and task titles on ticket rows): what
 * the annotation costs; the 14-day count beside the plain active count.
 * the write: approving a ticket of 20 production lines picked from a job of 200 CIBE lines (the ticket's
 * write and the job's counts in one transaction: AggregateDef.alongside), un-approving it, beside a
 * plain edit of the same ticket's description.
 *
 *   npm run bench -- tickets
 *   BENCH_TICKET_ROWS=10000 BENCH_TICKET_JOBS=1000 npx tsx bench/src/tickets.ts   # a quick check
 */
import pg from 'pg';
import { TICKET_LIST_DAYS, TICKET_STATUSES, ticketStatusOrder } from '@trenchline/domain';
import { countMatching, createDb, listDefs, matchingRows, ticketsList, unassignedTicketsList } from '@trenchline/read-model';
import { Client } from '../../tests/support/client.ts';
import { banner, sleep, startAppProcess, timedGets, writeResult } from './common.ts';
import { listRowMaker, loadListRows } from './list-rows.ts';
import { int, line, summarize, type Summary } from './stats.ts';
import { CREWS, CUSTOMERS, FIRST_ID, insertJobRows, makeTemplateJob } from './job-rows.ts';

const ROWS = Number(process.env.BENCH_TICKET_ROWS ?? 100_000);
const JOBS = Number(process.env.BENCH_TICKET_JOBS ?? 5_000);
const RUNS = Number(process.env.BENCH_TICKET_RUNS ?? 30);
const CIBE_LINES = 200;
const PRODUCTION_LINES = 20;
const PAGE_SIZE = 100;
/** Ids of the inserted tickets are FIRST_TICKET_ID + i (apart from job-rows.ts's). */
const FIRST_TICKET_ID = 600_000_000;

const app = await startAppProcess('bench_tickets');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const knex = createDb(app.databaseUrl, { max: 2 });
const figures: Record<string, unknown> = { rows: ROWS, jobs: JOBS, runs: RUNS, pageSize: PAGE_SIZE };
const today = new Date().toISOString().slice(0, 10);
const day = (plus: number) => new Date(Date.parse(today) + plus * 86_400_000).toISOString().slice(0, 10);

// The declaration without its page annotation: the engine's baseline.
listDefs.tickets_plain = { ...listDefs.tickets, name: 'tickets_plain', annotate: undefined };

async function ok(c: Client, method: 'post' | 'put' | 'get', path: string, body?: unknown) {
  const r = method === 'get' ? await c.get(path) : await c[method](path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as Record<string, any>;
}

/** Statuses one in twenty: 8 New, 3 Issue, 4 Approved, 2 Invoiced, and one each of the rest. */
const STATUS_MIX = [...Array(8).fill('New'), ...Array(3).fill('Issue'), ...Array(4).fill('Approved'), 'Invoiced', 'Invoiced', 'Paid', 'Resolved', 'Edit Requested'] as (typeof TICKET_STATUSES)[number][];

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('tickets', `ticket list over ${int(ROWS)} tickets on ${int(JOBS)} jobs: pages, status order, search, the 14-day default, my_jobs, a job's tickets; approving 20 production lines against ${CIBE_LINES} CIBE lines`);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  // ---- the template ticket, made as the screens make one ----
  const templateJob = await makeTemplateJob(c);
  const tt = await ok(c, 'post', '/api/tickets/', { form_type: 'base_ticket', ticket_status: 'New', title: 'Template ticket', job: templateJob, completion_date: day(10), crew_name: CREWS[0] });
  await ok(c, 'post', `/api/tickets/${tt.id}/productions/`, { work_type: 'Dirt-Bore', feet: 120 });
  await ok(c, 'post', `/api/tickets/${tt.id}/equipment/`, { equipment_name: 'Drill', hours: 6 });
  await ok(c, 'post', `/api/tickets/${tt.id}/timecards/`, { employee_name: 'Luis Ortega', hours: 8, billable_hours: 8 });
  const last = await ok(c, 'post', `/api/tickets/${tt.id}/notes/`, { note: 'Bore started at HH-1.' });
  for (let t = 0; ; t++) {
    if ((await db.query('select 1 from tickets where id = $1 and version >= $2', [tt.id, last.version ?? 1])).rowCount) break;
    if (t > 600) throw new Error('the template ticket never reached the read model');
    await sleep(50);
  }
  await c.list('/api/jobs/');

  const jobRows = await insertJobRows(db, me.account_id, templateJob, JOBS);
  console.log(`  inserted ${int(JOBS)} job rows in ${(jobRows.insertMs / 1000).toFixed(1)} s (jobs table with indexes ${jobRows.tableSize})`);
  const loaded = await insertTicketRows(me.account_id, tt.id, ROWS);
  console.log(`  inserted ${int(ROWS)} ticket rows in ${(loaded.insertMs / 1000).toFixed(1)} s (tickets table with indexes ${loaded.tableSize})`);
  figures.insert = { jobMs: Math.round(jobRows.insertMs), jobTable: jobRows.tableSize, ticketMs: Math.round(loaded.insertMs), ticketTable: loaded.tableSize };

  /** `runs` GETs after one warm-up: their times, and the last answer. */
  const measure = (path: string, runs: number) => timedGets(app.url, cookie, path, runs);
  async function timed<T>(runs: number, f: () => Promise<T>) {
    const times: number[] = [];
    let out!: T;
    for (let r = 0; r < runs + 1; r++) {
      const t = performance.now();
      out = await f();
      if (r > 0) times.push(performance.now() - t);
    }
    return { times, out };
  }

  // ---- over HTTP ----
  const word = CUSTOMERS[1].toLowerCase();
  const everyDate = `start_date=${day(-800)}&end_date=${day(400)}`;
  const oneJob = FIRST_ID + 7;
  const calls: [string, string][] = [
    [`list page 1, default (last ${TICKET_LIST_DAYS} days, newest first)`, '/api/tickets/?page=1'],
    ['list page 1, every date, newest first', `/api/tickets/?page=1&${everyDate}`],
    ['list page 1, every date, ordering=ticket_status', `/api/tickets/?page=1&${everyDate}&ordering=ticket_status`],
    [`list page 1, every date, q=${word}`, `/api/tickets/?page=1&${everyDate}&q=${word}`],
    ['my_jobs page 1', '/api/tickets/my_jobs/?page=1'],
    ["job_tickets of one job", `/api/tickets/job_tickets/${oneJob}/`],
  ];
  for (const [, path] of calls) await measure(path, 3);
  const http: Record<string, number[]> = Object.fromEntries(calls.map(([label]) => [label, []]));
  const answers: Record<string, any> = {};
  for (let r = 0; r < RUNS; r++)
    for (const [label, path] of calls) {
      const m = await measure(path, 1);
      http[label].push(...m.times);
      answers[label] = m.body;
    }
  const counts = {
    lastDays: answers[calls[0][0]].count as number,
    everyDate: answers[calls[1][0]].count as number,
    search: answers[calls[3][0]].count as number,
    myJobs: answers[calls[4][0]].count as number,
    jobTickets: (answers[calls[5][0]] as unknown[]).length,
  };
  if (answers[calls[1][0]].results.length !== PAGE_SIZE) throw new Error(`the list's page 1 has ${answers[calls[1][0]].results.length} rows`);
  const orders = (answers[calls[2][0]].results as { ticket_status: string }[]).map((r) => ticketStatusOrder(r.ticket_status) ?? 0);
  if (orders.some((o, i) => i > 0 && o < orders[i - 1])) throw new Error('ordering=ticket_status is not in the status order');
  console.log(`\n  over HTTP: ${int(counts.everyDate)} active tickets, ${int(counts.lastDays)} in the last ${TICKET_LIST_DAYS} days, ${int(counts.search)} matching q=${word}, ${int(counts.myJobs)} jobs in my_jobs, ${counts.jobTickets} tickets on job ${oneJob}`);
  const httpFigures: Record<string, Summary> = {};
  for (const [label] of calls) {
    httpFigures[label] = summarize(http[label]);
    console.log(`  ${label.padEnd(52)} ${line(httpFigures[label])}`);
  }
  figures.http = { counts, ...httpFigures };

  // ---- the engine, with and without the page annotation ----
  const page = { today, page: 1, pageSize: PAGE_SIZE };
  const active = { active: true, archived: false };
  const wide = { ...active, start_date: day(-800), end_date: day(400) };
  const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ['ticket list page 1, every date (job and task titles)', () => matchingRows(knex, 'tickets', me.account_id, wide, page), () => matchingRows(knex, 'tickets_plain', me.account_id, wide, page)],
    [`ticket list page 1, last ${TICKET_LIST_DAYS} days (job and task titles)`, () => matchingRows(knex, 'tickets', me.account_id, active, page), () => matchingRows(knex, 'tickets_plain', me.account_id, active, page)],
    [`count, last ${TICKET_LIST_DAYS} days (vs the count over every date)`, () => countMatching(knex, 'tickets', me.account_id, active, { today }), () => countMatching(knex, 'tickets', me.account_id, wide, { today })],
  ];
  for (const [, a, b] of pairs) for (let w = 0; w < 3; w++) await Promise.all([a(), b()]);
  const engine: Record<string, { with: Summary; without: Summary; p50Added: number }> = {};
  console.log(`\n  the engine in this process, each beside its baseline`);
  for (const [label, withIt, without] of pairs) {
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      a.push(...(await timed(1, withIt)).times);
      b.push(...(await timed(1, without)).times);
    }
    engine[label] = { with: summarize(a), without: summarize(b), p50Added: Math.round((summarize(a).p50 - summarize(b).p50) * 100) / 100 };
    console.log(`  ${label.padEnd(52)} with    ${line(engine[label].with)}`);
    console.log(`  ${' '.repeat(52)} without ${line(engine[label].without)}`);
  }
  figures.engine = engine;

  // ---- the write: approval with its job counts (alongside) beside a plain edit ----
  const orca = await ok(c, 'post', '/api/jobs/', { form_type: 'attorca', title: 'Bench ORCA job', customer: 'AT&T' });
  const cibe: string[] = [];
  for (let i = 0; i < CIBE_LINES; i++) cibe.push(String((await ok(c, 'post', `/api/jobs/${orca.id}/cibeitems/`, { issued_item_code: `SVA-${100 + i}`, issued_item_qty: 100 + i, CIBE_item_qty: i % 3 ? 90 + i : null })).id));
  const ticket = await ok(c, 'post', '/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', title: 'Bench approval', job: orca.id });
  await ok(c, 'post', `/api/tickets/${ticket.id}/productions/`, { ticket_productions: Array.from({ length: PRODUCTION_LINES }, (_, i) => ({ line_number: i + 1, work_type: 'Dirt-Bore', job_orca_cibe: cibe[i * 7], qty: 10 + i })) });
  const approve: number[] = [];
  const unapprove: number[] = [];
  const edit: number[] = [];
  const once = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    return performance.now() - t;
  };
  for (let r = 0; r < RUNS + 1; r++) {
    const a = await once(() => ok(c, 'post', `/api/tickets/${ticket.id}/approve/`));
    const u = await once(() => ok(c, 'post', `/api/tickets/${ticket.id}/request_edit/`));
    const e = await once(() => ok(c, 'put', `/api/tickets/${ticket.id}/`, { description: `Edit ${r}` }));
    // The first round warms the caches.
    if (r > 0) {
      approve.push(a);
      unapprove.push(u);
      edit.push(e);
    }
  }
  const counted = (await ok(c, 'post', `/api/tickets/${ticket.id}/approve/`)) && (await ok(c, 'get', `/api/jobs/${orca.id}/`));
  const lineQty = (counted.cibeitems as { id: string; CIBE_item_qty: number | null }[]).find((l) => l.id === cibe[0])!.CIBE_item_qty;
  if (lineQty !== 10) throw new Error(`the approved ticket's 10 did not count on a blank CIBE line: ${lineQty}`);
  const write = { approve: summarize(approve), unapprove: summarize(unapprove), plainEdit: summarize(edit) };
  console.log(`\n  the write: a ticket of ${PRODUCTION_LINES} production lines on a job of ${CIBE_LINES} CIBE lines`);
  console.log(`  ${'approve (ticket + job counts, one transaction)'.padEnd(52)} ${line(write.approve)}`);
  console.log(`  ${'un-approve (Edit Requested, counts taken out)'.padEnd(52)} ${line(write.unapprove)}`);
  console.log(`  ${'plain edit of the description'.padEnd(52)} ${line(write.plainEdit)}`);
  figures.write = write;
  writeResult('tickets', figures);
} finally {
  await knex.destroy();
  await db.end();
  await app.stop();
}

/**
 * `count` ticket rows of the account, modelled on the template's row (which the projector wrote), straight
 * into `tickets` 2,000 a statement; then `vacuum analyze` as autovacuum would.
 */
async function insertTicketRows(accountId: string, templateId: string, count: number) {
  const tpl = (await db.query('select * from tickets where id = $1', [templateId])).rows[0];
  if (!tpl) throw new Error('the template ticket is not in the read model');
  const ticketRow = listRowMaker(ticketsList, unassignedTicketsList);
  const rowOf = (i: number) => {
    const id = String(FIRST_TICKET_ID + i);
    const status = STATUS_MIX[(i * 7) % STATUS_MIX.length];
    // Created over the last 400 days, done 1 to 20 days later.
    const created = day(-((i * 37) % 400));
    const completion = new Date(Date.parse(created) + (1 + (i % 20)) * 86_400_000).toISOString().slice(0, 10);
    const job = i % 20 === 19 ? null : FIRST_ID + (i % JOBS);
    const approved = ['Approved', 'Invoiced', 'Paid', 'Resolved'].includes(status);
    const fields = {
      ...tpl.state.fields,
      title: `Ticket ${i} ${CUSTOMERS[i % CUSTOMERS.length]}`,
      ticket_status: status,
      account_ticket_number: String(10_000 + i),
      created_date: created,
      work_date: created,
      completion_date: completion,
      approved,
      approval_date: approved ? completion : null,
      archived: i % 10 === 0,
      job: job === null ? null : String(job),
      account_job_number: job === null ? null : String(100_000 + (i % JOBS)),
      customer: CUSTOMERS[i % CUSTOMERS.length],
      crew_name: CREWS[i % CREWS.length],
    };
    const updated = new Date(Date.parse(created) + ((i * 104_729) % 86_400) * 1000).toISOString();
    const view: Record<string, unknown> = {
      ...tpl.view,
      ...fields,
      id,
      job_ref_id: fields.job,
      ticket_status_order: ticketStatusOrder(status),
      created_at: `${created}T12:00:00.000Z`,
      last_updated: updated,
      feet_total: (i % 50) * 10,
      expenses_total: (i % 13) * 25.5,
      timecard_hours_total: 8 + (i % 3),
      signature_status: ['unsigned', 'signed', 'signed an earlier version'][i % 3],
      latest_note: ['Bore started at HH-1.', 'Waiting on the inspector.', 'Crew short a day: rain.', null][i % 4],
    };
    return ticketRow(accountId, tpl, { id, fields, view, updated });
  };
  return loadListRows(db, 'tickets', count, rowOf);
}
