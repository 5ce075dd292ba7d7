/**
 * The RFQ list, the sales organisation list and the weekly hours at size (issue 19). Every figure is
 * printed beside its baseline from the same run and written to bench/results/rfqs-sales.json; nothing
 * here judges a time.
 *
 * 100,000 RFQs and 100,000 sales organisations in one account (straight into the `rfqs` and
 * `sales_organizations` read models with the columns and search words of their lists, as the projector
 * writes them: a real RFQ and organisation made over the API are the templates); statuses, customers,
 * dates and totals varied; 10% archived. 10,000 sales activities in this week (and 10,000 in earlier
 * weeks) straight into `collection_lines` on the organisations, by five users.
 *
 * over HTTP (the app in its own process), p50/p99 of N runs after a warm-up, round by round:
 *   GET /api/rfqs/?page=1 (default order: bid due soonest), ?ordering=-rfq_total, ?q=<customer word>;
 *   GET /api/sales/organizations/?page=1, ?q=<city word>; GET /api/sales/activities/weekly/?week=<this>.
 * baselines in the same rounds: GET /api/auth/me (the session and HTTP alone) and the weekly hours of a
 * week with no activities (the same query reading the same lines, none of them summed).
 *
 *   npm run bench -- rfqs-sales
 *   BENCH_RFQ_ROWS=10000 BENCH_ORG_ROWS=10000 BENCH_WEEK_ACTIVITIES=1000 npx tsx bench/src/rfqs-sales.ts   # a quick check
 */
import pg from 'pg';
import { RFQ_STATUSES, SALES_STATUSES, SALES_TYPES, weekStart } from '@trenchline/domain';
import { rfqsList, salesOrganizationsList } from '@trenchline/read-model';
import { Client } from '../../tests/support/client.ts';
import { banner, sleep, startAppProcess, timedGets, writeResult } from './common.ts';
import { listRowMaker, loadListRows } from './list-rows.ts';
import { int, line, summarize, type Summary } from './stats.ts';
import { CUSTOMERS } from './job-rows.ts';

const RFQS = Number(process.env.BENCH_RFQ_ROWS ?? 100_000);
const ORGS = Number(process.env.BENCH_ORG_ROWS ?? 100_000);
const WEEK_ACTIVITIES = Number(process.env.BENCH_WEEK_ACTIVITIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RFQ_RUNS ?? 30);
const PAGE_SIZE = 100;
/** Ids of the inserted rows, apart from job-rows.ts's and the other benches'. */
const FIRST_RFQ_ID = 800_000_000;
const FIRST_ORG_ID = 820_000_000;
const FIRST_ACTIVITY_ID = 840_000_000;
const CITIES = ['Columbus', 'Atlanta', 'Dallas', 'Phoenix', 'Chicago', 'Charlotte', 'Houston', 'Denver', 'Nashville', 'Tulsa'];
const USERS = ['Dana Demo', 'Frank Field', 'Mia Chen', 'Ray Boone', 'Dev Patel'];

const app = await startAppProcess('bench_rfqs_sales');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const figures: Record<string, unknown> = { rfqs: RFQS, organizations: ORGS, weekActivities: WEEK_ACTIVITIES, runs: RUNS, pageSize: PAGE_SIZE };
const today = new Date().toISOString().slice(0, 10);
const day = (plus: number, from = today) => new Date(Date.parse(from) + plus * 86_400_000).toISOString().slice(0, 10);

async function ok(c: Client, method: 'post' | 'put', path: string, body: unknown) {
  const r = await c[method](path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as Record<string, any>;
}

async function projected(table: string, id: string, version: number) {
  for (let t = 0; ; t++) {
    if ((await db.query(`select 1 from ${table} where id = $1 and version >= $2`, [id, version])).rowCount) return;
    if (t > 600) throw new Error(`the template ${table} row never reached the read model`);
    await sleep(50);
  }
}

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('rfqs-sales', `RFQ list over ${int(RFQS)} RFQs, organisation list over ${int(ORGS)} organisations, weekly hours over ${int(WEEK_ACTIVITIES)} activities in the week`);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  // ---- the templates, made as the screens make them ----
  const rfq = await ok(c, 'post', '/api/rfqs/', { form_type: 'base_rfq', title: 'Template RFQ', customer: CUSTOMERS[0], bid_due_date: day(5) });
  const seg = await ok(c, 'post', `/api/rfqs/${rfq.id}/segments/`, { number: '1', work_type: 'Dirt-Bore', feet: 1000, days_required: 3 });
  await ok(c, 'post', `/api/rfqs/segments/${seg.id}/estimates/`, { work_type: 'Labor', qty: 1000, uom: 'feet', price: 9.5 });
  await ok(c, 'post', `/api/rfqs/${rfq.id}/notes/`, { note: 'Walked the route.' });
  await projected('rfqs', rfq.id, Number((await c.get(`/api/rfqs/${rfq.id}/`)).body.version));
  const org = await ok(c, 'post', '/api/sales/organizations/new/', { name: 'Template Boring LLC', city: CITIES[0], state: 'OH' });
  await ok(c, 'post', `/api/sales/organizations/${org.id}/contacts/`, { first_name: 'Mara', last_name: 'Quinn', phone_1: '555-0100' });
  const act = await ok(c, 'put', '/api/sales/sales_activities/', [{ organization: org.id, activity_date: today, activity_type: 'Call', hours: 1 }]);
  await projected('sales_organizations', org.id, Number((await c.get(`/api/sales/organizations/${org.id}/`)).body.version));
  const tplActivity = (await db.query(`select * from collection_lines where collection = 'sales_activities' and id = $1`, [act.saved[0].ids[0]])).rows[0];
  if (!tplActivity) throw new Error('the template activity is not in collection_lines');

  const rfqsLoaded = await insertRfqRows(me.account_id, rfq.id, RFQS);
  console.log(`  inserted ${int(RFQS)} RFQ rows in ${(rfqsLoaded.insertMs / 1000).toFixed(1)} s (rfqs table with indexes ${rfqsLoaded.tableSize})`);
  const orgsLoaded = await insertOrganizationRows(me.account_id, org.id, ORGS);
  console.log(`  inserted ${int(ORGS)} organisation rows in ${(orgsLoaded.insertMs / 1000).toFixed(1)} s (sales_organizations table with indexes ${orgsLoaded.tableSize})`);
  const monday = weekStart(today);
  const activitiesMs = await insertActivities(me.account_id, tplActivity, monday);
  console.log(`  inserted ${int(WEEK_ACTIVITIES * 2)} activity lines (${int(WEEK_ACTIVITIES)} this week) in ${(activitiesMs / 1000).toFixed(1)} s`);
  figures.insert = { rfqMs: Math.round(rfqsLoaded.insertMs), rfqTable: rfqsLoaded.tableSize, orgMs: Math.round(orgsLoaded.insertMs), orgTable: orgsLoaded.tableSize, activityMs: Math.round(activitiesMs) };

  /** `runs` GETs after one warm-up: their times, and the last answer. */
  const measure = (path: string, runs: number) => timedGets(app.url, cookie, path, runs);

  const customerWord = CUSTOMERS[2].toLowerCase();
  const cityWord = CITIES[3].toLowerCase();
  const emptyWeek = day(-7 * 200, monday);
  const calls: [string, string][] = [
    ['baseline: GET /api/auth/me', '/api/auth/me'],
    ['RFQ list page 1, default order (bid due soonest)', '/api/rfqs/?page=1'],
    ['RFQ list page 1, ordering=-rfq_total', '/api/rfqs/?page=1&ordering=-rfq_total'],
    [`RFQ list page 1, q=${customerWord}`, `/api/rfqs/?page=1&q=${customerWord}`],
    ['organisation list page 1 (by name)', '/api/sales/organizations/?page=1'],
    [`organisation list page 1, q=${cityWord}`, `/api/sales/organizations/?page=1&q=${cityWord}`],
    ['weekly hours, this week', `/api/sales/activities/weekly/?week=${monday}`],
    ['baseline: weekly hours, a week with none', `/api/sales/activities/weekly/?week=${emptyWeek}`],
  ];
  // Warm every call first (a fresh bulk load's pages are cold), then measure them in turn, round by round,
  // so other load on the machine moves them alike.
  for (const [, path] of calls) await measure(path, 3);
  const http: Record<string, number[]> = Object.fromEntries(calls.map(([label]) => [label, []]));
  const answers: Record<string, any> = {};
  for (let r = 0; r < RUNS; r++)
    for (const [label, path] of calls) {
      const m = await measure(path, 1);
      http[label].push(...m.times);
      answers[label] = m.body;
    }
  const week = answers['weekly hours, this week'] as { users: { user: string; total: number }[] };
  const weekHours = week.users.reduce((s, u) => s + u.total, 0);
  if (week.users.length !== USERS.length + 1) throw new Error(`the weekly hours name ${week.users.length} users`);
  if (answers['baseline: weekly hours, a week with none'].users.length !== 0) throw new Error('the empty week has hours');
  const counts = {
    rfqList: answers[calls[1][0]].count,
    rfqSearch: answers[calls[3][0]].count,
    orgList: answers[calls[4][0]].count,
    orgSearch: answers[calls[5][0]].count,
    weekUsers: week.users.length,
    weekHours,
  };
  console.log(`\n  over HTTP: ${int(counts.rfqList)} RFQs in the default list, ${int(counts.rfqSearch)} matching q=${customerWord}; ${int(counts.orgList)} organisations, ${int(counts.orgSearch)} matching q=${cityWord}; ${int(weekHours)} hours by ${week.users.length} users this week`);
  const httpFigures: Record<string, Summary> = {};
  for (const [label] of calls) {
    httpFigures[label] = summarize(http[label]);
    console.log(`  ${label.padEnd(52)} ${line(httpFigures[label])}`);
  }
  figures.http = { counts, ...httpFigures };
  writeResult('rfqs-sales', figures);
} finally {
  await db.end();
  await app.stop();
}

/** `count` RFQ rows of the account modelled on the template's row (which the projector wrote). */
async function insertRfqRows(accountId: string, templateId: string, count: number) {
  const tpl = (await db.query('select * from rfqs where id = $1', [templateId])).rows[0];
  if (!tpl) throw new Error('the template RFQ is not in the read model');
  const rfqRow = listRowMaker(rfqsList);
  return loadListRows(db, 'rfqs', count, (i) => {
    const id = String(FIRST_RFQ_ID + i);
    // Received over the last 400 days, due 2 to 60 days after.
    const received = day(-((i * 37) % 400));
    const due = day(2 + ((i * 13) % 59), received);
    const feet = 200 + ((i * 71) % 5000);
    const total = Math.round(feet * (9.5 + (i % 7)) * 100) / 100;
    const fields = {
      ...tpl.state.fields,
      account_rfq_number: String(1000 + i),
      rfq_status: RFQ_STATUSES[(i * 7) % RFQ_STATUSES.length],
      title: `RFQ ${i} ${['FTTH laterals', 'backbone ring', 'tower backhaul', 'duct bank'][i % 4]}`,
      customer: CUSTOMERS[i % CUSTOMERS.length],
      rfq_date: received,
      bid_due_date: due,
      colour: ['None', 'Green', 'Yellow', 'Orange', 'Red', 'Blue', 'Gray'][i % 7],
      archived: i % 10 === 0,
    };
    const updated = `${received}T12:00:00.000Z`;
    const view = { ...tpl.view, ...fields, id, created_at: updated, last_updated: updated, rfq_total: total, rfq_total_cost: Math.round(total * 70) / 100, rfq_total_feet: feet, rfq_margin_calculated: 30, latest_note: ['Walked the route.', 'Waiting on permits.', null][i % 3] };
    return rfqRow(accountId, tpl, { id, fields, view, updated });
  });
}

/** `count` organisation rows of the account modelled on the template's row. */
async function insertOrganizationRows(accountId: string, templateId: string, count: number) {
  const tpl = (await db.query('select * from sales_organizations where id = $1', [templateId])).rows[0];
  if (!tpl) throw new Error('the template organisation is not in the read model');
  const orgRow = listRowMaker(salesOrganizationsList);
  return loadListRows(db, 'sales_organizations', count, (i) => {
    const id = String(FIRST_ORG_ID + i);
    const created = day(-((i * 41) % 500));
    const fields = {
      ...tpl.state.fields,
      name: `Org ${String(i).padStart(6, '0')} ${['Boring', 'Fiber', 'Underground', 'Aerial'][i % 4]} LLC`,
      org_type: SALES_TYPES[i % SALES_TYPES.length],
      status: SALES_STATUSES[(i * 3) % SALES_STATUSES.length],
      city: CITIES[i % CITIES.length],
      state: ['OH', 'GA', 'TX', 'AZ', 'IL', 'NC', 'TX', 'CO', 'TN', 'OK'][i % CITIES.length],
      archived: i % 10 === 0,
    };
    const updated = `${created}T12:00:00.000Z`;
    const view = { ...tpl.view, ...fields, id, created_at: updated, last_updated: updated, last_contacted: day((i * 7) % 60, created) };
    return orgRow(accountId, tpl, { id, fields, view, updated });
  });
}

/** WEEK_ACTIVITIES lines dated this week and as many in earlier weeks, on the first organisations, by five users. */
async function insertActivities(accountId: string, tpl: Record<string, any>, monday: string) {
  const t = performance.now();
  const total = WEEK_ACTIVITIES * 2;
  for (let i = 0; i < total; i += 2000) {
    const rows = Array.from({ length: Math.min(2000, total - i) }, (_, k) => {
      const n = i + k;
      const date = n < WEEK_ACTIVITIES ? day(n % 7, monday) : day(-7 - (n % 300), monday);
      const id = String(FIRST_ACTIVITY_ID + n);
      const parent = String(FIRST_ORG_ID + (n % Math.min(ORGS, 5000)));
      return { ...tpl, account_id: accountId, id, parent_id: parent, parent_stream: `sales_organization-${parent}`, line: { ...tpl.line, id, activity_date: date, hours: [0.25, 0.5, 1, 1.5, 2][n % 5], user: USERS[n % USERS.length] } };
    });
    await db.query('insert into collection_lines select * from json_populate_recordset(null::collection_lines, $1::json)', [JSON.stringify(rows)]);
  }
  await db.query('vacuum analyze collection_lines');
  return performance.now() - t;
}
