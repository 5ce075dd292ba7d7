/**
 * The job list as of a moment (docs/as-of.md) at size: an account whose job list history holds
 * 1,000,000 rows (100,000 jobs of 10 versions each, loaded by SQL from jobs made as the list bench makes
 * them, each version a month after the last and titled apart), read over HTTP a page at a time as of a
 * moment (first page, a deep page, a sorted page, a search), each beside the same call without as_of
 * (the current list of the same run) on the same 100,000 jobs.
 *
 *   npx tsx bench/src/as-of-lists.ts        # BENCH_ASOF_JOBS=10000 for a quick check
 */
import pg from 'pg';
import { Client } from '../../tests/support/client.ts';
import { banner, startAppProcess, timedGets, writeResult } from './common.ts';
import { int, line, summarize, type Summary } from './stats.ts';
import { insertJobRows, makeTemplateJob, FIRST_ID } from './job-rows.ts';

const JOBS = Number(process.env.BENCH_ASOF_JOBS ?? 100_000);
const VERSIONS = Number(process.env.BENCH_ASOF_VERSIONS ?? 10);
const RUNS = Number(process.env.BENCH_ASOF_RUNS ?? 15);
const PAGE_SIZE = 100;
/** Versions start over the first year from 2024-01-01, one a month: mid-2024 some jobs are not made yet. */
const AS_OF = '2024-09-15T12:00:00-05:00';

const app = await startAppProcess('bench_as_of_lists');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
const figures: Record<string, unknown> = { jobs: JOBS, versions: VERSIONS, asOf: AS_OF };

/**
 * Every bench job's `VERSIONS` states into jobs_history, by SQL: version v from 2024-01-01 + (id mod
 * 365) days + v months, until the next (the last still valid); each titled with its version. The
 * indexes are dropped for the load and built again after, as a replay builds them.
 */
async function loadHistory(accountId: string): Promise<{ rows: number; loadMs: number; size: string }> {
  const t = performance.now();
  const { rows: ixs } = await db.query(`select indexname, indexdef from pg_indexes where tablename = 'jobs_history' and indexname not like '%_pkey'`);
  for (const ix of ixs) await db.query(`drop index ${ix.indexname}`);
  await db.query('delete from jobs_history where account_id = $1', [accountId]);
  const step = 10_000;
  for (let from = 0; from < JOBS; from += step) {
    await db.query(
      `insert into jobs_history
       select j.account_id, j.id, v + 1, j.position, j.archived, j.deleted,
              j.search || ' v' || v, j.state, jsonb_set(j.view, '{title}', to_jsonb(j.title || ' v' || v)), j.updated_at,
              ${(await columnsAfterCommon()).map((c) => (c === 'title' ? `j.title || ' v' || v` : `j."${c}"`)).join(', ')},
              f.at, case when v < $4 - 1 then f.at + interval '1 month' end
         from jobs j cross join generate_series(0, $4 - 1) v
         cross join lateral (select timestamptz '2024-01-01' + ((j.id % 365) || ' days')::interval + (v || ' months')::interval as at) f
        where j.account_id = $1 and j.id >= $2 and j.id < $3`,
      [accountId, FIRST_ID + from, FIRST_ID + from + step, VERSIONS],
    );
  }
  for (const ix of ixs) await db.query(ix.indexdef);
  await db.query('vacuum analyze jobs_history');
  const rows = Number((await db.query('select count(*) from jobs_history where account_id = $1', [accountId])).rows[0].count);
  const size = (await db.query(`select pg_size_pretty(pg_total_relation_size('jobs_history')) as s`)).rows[0].s;
  return { rows, loadMs: performance.now() - t, size };
}

let columns: string[] | null = null;
/** The jobs table's columns after the shared ones (as jobs_history has them, in order). */
async function columnsAfterCommon(): Promise<string[]> {
  if (columns) return columns;
  const { rows } = await db.query(`select column_name from information_schema.columns where table_name = 'jobs' order by ordinal_position`);
  const common = ['account_id', 'id', 'version', 'position', 'archived', 'deleted', 'search', 'state', 'view', 'updated_at'];
  const all = rows.map((r) => r.column_name as string);
  if (all.slice(0, common.length).join() !== common.join()) throw new Error(`jobs columns start ${all.slice(0, common.length).join()}`);
  return (columns = all.slice(common.length));
}

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string };
  banner('as-of-lists', `job list as of a moment: ${int(JOBS)} jobs × ${VERSIONS} versions in its history, pages of ${PAGE_SIZE} with count, beside the current list`);
  const templateId = await makeTemplateJob(c);
  await c.list('/api/jobs/');
  const live = await insertJobRows(db, me.account_id, templateId, JOBS);
  console.log(`  inserted ${int(JOBS)} job rows in ${(live.insertMs / 1000).toFixed(1)} s (jobs table ${live.tableSize})`);
  const history = await loadHistory(me.account_id);
  console.log(`  loaded ${int(history.rows)} history rows in ${(history.loadMs / 1000).toFixed(1)} s, indexes built after (jobs_history ${history.size})\n`);
  figures.history = history;
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  const measure = async (path: string) => {
    const { times, body } = await timedGets(app.url, cookie, path, RUNS);
    return { summary: summarize(times), count: body.count as number, rows: body.results.length as number };
  };

  const asOf = `as_of=${encodeURIComponent(AS_OF)}`;
  const total = (await measure(`/api/jobs/?active=t&archived=t&page_size=1`)).count;
  const deep = Math.max(1, Math.min(500, Math.floor(total / PAGE_SIZE / 2)));
  const cases: [string, string][] = [
    ['first page', `active=t&archived=t&page=1&page_size=${PAGE_SIZE}`],
    [`page ${deep}`, `active=t&archived=t&page=${deep}&page_size=${PAGE_SIZE}`],
    ['sorted by -title', `active=t&archived=t&page=1&page_size=${PAGE_SIZE}&ordering=-title`],
    ['search "highway"', `active=t&archived=t&page=1&page_size=${PAGE_SIZE}&q=highway`],
  ];
  const results: Record<string, { current: Summary; asOf: Summary; currentCount: number; asOfCount: number }> = {};
  for (const [name, query] of cases) {
    const now = await measure(`/api/jobs/?${query}`);
    const then = await measure(`/api/jobs/?${query}&${asOf}`);
    results[name] = { current: now.summary, asOf: then.summary, currentCount: now.count, asOfCount: then.count };
    console.log(`  ${name.padEnd(18)} as of   ${line(then.summary)}  count ${int(then.count)}`);
    console.log(`  ${''.padEnd(18)} current ${line(now.summary)}  count ${int(now.count)}`);
    console.log(`  ${''.padEnd(18)} p50 ratio as of / current: ${(then.summary.p50 / now.summary.p50).toFixed(2)}\n`);
  }
  figures.pages = results;
  console.log(`  (each figure: ${RUNS} GETs after a warm-up; page and count over HTTP)`);
  writeResult('as-of-lists', figures);
} finally {
  await db.end();
  await app.stop();
}
