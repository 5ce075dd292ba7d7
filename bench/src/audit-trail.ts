/**
 * The account's trail at size (issue 32): 1,000,000 trail rows in one account, inserted by SQL in the
 * projection's shape (checked first against rows the projection itself wrote for real writes), then
 * GET /api/audit/ a page at a time: page 1, a page at the count cap and a deep page, each filter alone,
 * q (a common and a rare word), two filters together. Every figure is printed beside the job list's
 * page 1 of the same run (BENCH_TRAIL_JOBS jobs in the read model), the current list page cost.
 *
 *   npx tsx bench/src/audit-trail.ts        # BENCH_TRAIL_ROWS=100000 for a quick check
 */
import pg from 'pg';
import { Client } from '../../tests/support/client.ts';
import { banner, startAppProcess, timedGets, writeResult } from './common.ts';
import { int, line, ms, summarize, type Summary } from './stats.ts';
import { insertJobRows, makeTemplateJob } from './job-rows.ts';

const TRAIL_ROWS = Number(process.env.BENCH_TRAIL_ROWS ?? 1_000_000);
const JOB_ROWS = Number(process.env.BENCH_TRAIL_JOBS ?? 10_000);
const RUNS = Number(process.env.BENCH_TRAIL_RUNS ?? 15);
const PAGE_SIZE = 100;
const AREAS = ['jobs', 'bids', 'tickets', 'locates', 'rfqs', 'projects', 'settings', 'reports'];
const TYPES = ['JobRevised', 'JobItemAdded', 'JobItemRevised', 'BidRevised', 'TicketRevised', 'LocateRevised', 'RfqRevised', 'ReportRequested', 'JobCreated', 'CrewAdded'];
const RECORDS = 50_000;
const USERS = 20;

const app = await startAppProcess('bench_audit_trail');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { id: string; account_id: string };
  banner('audit-trail', `the trail of an account of ${int(TRAIL_ROWS)} events: pages of ${PAGE_SIZE} with count, each filter, q; beside the job list page`);

  // ---- real writes, projected: the shape the bulk rows copy ----
  const templateId = await makeTemplateJob(c);
  const put = await c.put(`/api/jobs/${templateId}`, { title: 'bore under highway' });
  if (put.status !== 200) throw new Error(`revising the template job: ${put.status}`);
  const projected = (await c.list(`/api/audit/?record=${templateId}`)).body;
  const columns = (await db.query(`select column_name from information_schema.columns where table_name = 'audit_trail' order by ordinal_position`)).rows.map((r) => r.column_name as string);
  const real = (await db.query('select * from audit_trail where account_id = $1 and record_id = $2 order by at desc, major desc, minor desc limit 1', [me.account_id, templateId])).rows[0];
  if (!real || projected.count < 2) throw new Error(`the projection wrote no trail rows for the template job (${JSON.stringify(projected).slice(0, 200)})`);
  const filled = columns.filter((k) => real[k] !== null && real[k] !== undefined);
  console.log(`  the projection's row for a real revision fills: ${filled.join(', ')}`);

  // ---- the bulk rows: the same columns filled, positions after the real ones ----
  const t0 = performance.now();
  await db.query(
    `insert into audit_trail (position, account_id, major, minor, at, user_id, user_name, role, area, aggregate, record_id, collection, line_id, type, changes, search)
     select '1:' || g, $1, 1, g, timestamptz '2025-01-01' + g * interval '30 seconds', ($2::bigint + g % $3)::text, 'User ' || (g % $3), $4,
            ($5::text[])[1 + g % array_length($5, 1)], 'job', (1000000 + g % $6)::text, null, null, ($7::text[])[1 + g % array_length($7, 1)],
            jsonb_build_array(jsonb_build_object('field', 'title', 'old', 'bore ' || (g - 1), 'new', 'bore ' || g)),
            'user ' || (g % $3) || ' job revised title bore ' || g || case when g % 1000 = 0 then ' pothole' else '' end || ' highway'
     from generate_series(1, $8::int) g`,
    [me.account_id, me.id, USERS, real.role, AREAS, RECORDS, TYPES, TRAIL_ROWS],
  );
  await db.query('vacuum analyze audit_trail');
  const insertMs = performance.now() - t0;
  const size = (await db.query(`select pg_size_pretty(pg_total_relation_size('audit_trail')) as s`)).rows[0].s;
  console.log(`  inserted ${int(TRAIL_ROWS)} trail rows (and vacuum analyze) in ${(insertMs / 1000).toFixed(1)} s; audit_trail with indexes ${size}`);
  const jobs = await insertJobRows(db, me.account_id, templateId, JOB_ROWS);
  console.log(`  inserted ${int(JOB_ROWS)} job rows in ${(jobs.insertMs / 1000).toFixed(1)} s`);

  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  /** `RUNS` GETs after one warm-up: their times, and the last answer. */
  const measure = async (path: string) => {
    const { times, body } = await timedGets(app.url, cookie, path, RUNS);
    return { s: summarize(times), body };
  };

  const baseline = await measure(`/api/jobs/?active=t&archived=f&page=1&page_size=${PAGE_SIZE}`);
  console.log(`\n  baseline: job list page 1 + count (${int(baseline.body.count)} jobs)      ${line(baseline.s)}\n`);

  const mid = new Date(Date.parse('2025-01-01T00:00:00Z') + (TRAIL_ROWS / 2) * 30_000);
  const day = mid.toISOString().slice(0, 10);
  const cases: [string, string][] = [
    ['page 1', ''],
    ['page 100 (the count cap)', '&page=100'],
    ['page 5,000 (offset 499,900)', `&page=${Math.min(5000, Math.floor(TRAIL_ROWS / PAGE_SIZE / 2))}`],
    ['user', `&user=${Number(me.id) + 7}`],
    ['area', '&area=tickets'],
    ['record', `&record=${1_000_000 + 4321}`],
    ['type', '&type=RfqRevised'],
    ['from + to (one day)', `&from=${day}&to=${day}`],
    ['q common word', '&q=highway'],
    ['q rare word (1 in 1,000)', '&q=pothole'],
    ['q one row', `&q=bore+${Math.floor(TRAIL_ROWS * 0.777)}`],
    ['area + type', '&area=jobs&type=JobItemAdded'],
    ['user + from (last week)', `&user=${Number(me.id) + 3}&from=${new Date(Date.parse('2025-01-01T00:00:00Z') + (TRAIL_ROWS - 20_000) * 30_000).toISOString().slice(0, 10)}`],
  ];
  const results: Record<string, { query: string; count: number; capped: boolean; rows: number; ms: Summary }> = {};
  for (const [label, query] of cases) {
    const m = await measure(`/api/audit/?page_size=${PAGE_SIZE}${query}`);
    results[label] = { query, count: m.body.count, capped: m.body.count_capped, rows: m.body.results.length, ms: m.s };
    console.log(`  ${label.padEnd(30)} ${line(m.s)}   ${int(m.body.results.length)} rows, count ${int(m.body.count)}${m.body.count_capped ? '+' : ''}   (job list page p99 ${ms(baseline.s.p99)})`);
  }
  writeResult('audit-trail', {
    rows: TRAIL_ROWS,
    insertMs: Math.round(insertMs),
    tableSize: size,
    projectedColumns: filled,
    pageSize: PAGE_SIZE,
    baselineJobListMs: baseline.s,
    baselineJobs: JOB_ROWS,
    cases: results,
  });
} finally {
  await db.end();
  await app.stop();
}
