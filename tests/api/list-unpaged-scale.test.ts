/**
 * The spec's unpaged list calls at scale (issue 28): `GET /api/jobs/?active=t&archived=f` as the old
 * client makes it, with no paging, on an account of more jobs than Postgres binds parameters to one
 * statement (65,535). The rows are copies of one real job's row made in Postgres (the read model as the
 * projector wrote it, with a new id and title each), which is quick enough for the suite; every job has
 * a crew planned, so the list's locate annotation reads the locates of every row at once. Before, that
 * bound one parameter per job and the call failed.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { UNPAGED_BATCH } from '../../apps/api/src/platform/lists.ts';

const { app, office, db } = apiTest('api_list_unpaged_scale');

/** More rows than one statement may have parameters. */
const ROWS = 66_000;
const FIRST_ID = 900_000_000;

/**
 * `count` copies of job `templateId`'s list row, ids FIRST_ID + 1 ..., 5,000 a statement: each its own
 * short transaction, since one long one would hold back every projection on the Postgres server (other
 * test files' too) until it committed. The list's
 * sort and search indexes of this test's own database go first: keeping 50 indexes up to date for
 * 66,000 rows is most of a minute of the suite, and this test is about the query's parameters, not
 * its plan (bench/src/lists.ts measures the plans with every index).
 */
async function copyJobRows(templateId: string, count: number) {
  const { rows } = await db.query<{ name: string }>(`select indexname as name from pg_indexes where tablename = 'jobs' and (indexname like 'jobs_list_%' or indexname like 'jobs_search_%')`);
  for (const { name } of rows) await db.query(`drop index ${name}`);
  for (let from = 1; from <= count; from += 5000)
    await db.query(
      `insert into jobs
     select r.* from jobs t, generate_series($3::int, $4::int) g,
       lateral jsonb_populate_record(null::jobs, to_jsonb(t) || jsonb_build_object(
         'id', $2::bigint + g, 'search', '',
         'view', t.view || jsonb_build_object('id', ($2::bigint + g)::text, 'title', 'Copied job ' || g, 'account_job_number', (100000 + g)::text))) r
     where t.id = $1`,
      [templateId, FIRST_ID, from, Math.min(count, from + 4999)],
    );
}

describe('an unpaged job list longer than Postgres binds parameters to one statement', () => {
  it('given 66,000 active jobs with crews and one locate, when the old client lists them unpaged, then every row comes back with its locate warning read', { timeout: 240_000 }, async () => {
    const template = (await office.post('/api/jobs/', { form_type: 'base', title: 'Template job', customer: 'AT&T', completion_date: '2030-12-01' })).body;
    expect((await office.post('/api/settings/crews/', { crew_name: 'Bore Crew A' })).status).toBe(201);
    expect((await office.post(`/api/jobs/${template.id}/crews/`, { crew_name: 'Bore Crew A' })).status).toBe(201);
    // A live locate on the template job, so one row's annotation finds a locate among all the others.
    const locate = await office.post('/api/locates/', { form_type: 'base_locate', job_ref: template.id, current_date_submitted: '2026-01-01', current_date_expiration: '2099-12-31' });
    expect(locate.status).toBe(201);
    await app.caughtUp();
    await copyJobRows(String(template.id), ROWS);
    // The copies go when this test ends: the next test pages through what is listed, not through them.
    onTestFinished(() => db.query('delete from jobs where id > $1', [FIRST_ID]).then(() => undefined));

    const res = await office.get('/api/jobs/?active=t&archived=f');

    expect(res.status).toBe(200);
    const rows = res.body as { id: string; locate_warning: string | null; crew_string: string }[];
    expect(rows).toHaveLength(ROWS + 1);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    expect(byId.get(String(template.id))!.locate_warning).toBeNull();
    const seeded = byId.get(String(FIRST_ID + 1))!;
    expect(seeded.crew_string).not.toBe('');
    expect(seeded.locate_warning).toBe('No live locate for the planned work');
  });
});

describe('the unpaged answer sent a batch at a time', () => {
  it('given more jobs than one batch, when listed unpaged by title, then the rows are those of the pages in the same order, each once; a bad ordering is still a 400 naming it', { timeout: 120_000 }, async () => {
    const template = (await office.post('/api/jobs/', { form_type: 'base', title: 'Batch template', customer: 'Lumen', completion_date: '2031-01-01' })).body;
    await app.caughtUp();
    const before = (await office.get('/api/jobs/?active=t&archived=f')).body as unknown[];
    await db.query(
      `insert into jobs select r.* from jobs t, generate_series(1, $3::int) g,
         lateral jsonb_populate_record(null::jobs, to_jsonb(t) || jsonb_build_object('id', $2::bigint + g, 'title', 'Batch ' || (g % 7),
           'view', t.view || jsonb_build_object('id', ($2::bigint + g)::text, 'title', 'Batch ' || (g % 7)))) r
       where t.id = $1`,
      [template.id, 800_000_000, UNPAGED_BATCH + 500],
    );

    const unpaged = await office.get('/api/jobs/?active=t&archived=f&ordering=-title');
    expect(unpaged.status).toBe(200);
    expect(unpaged.headers.get('content-type')).toMatch(/application\/json/);
    const ids = (unpaged.body as { id: string }[]).map((r) => String(r.id));
    expect(ids).toHaveLength(before.length + UNPAGED_BATCH + 500);
    expect(new Set(ids).size).toBe(ids.length);
    const paged: string[] = [];
    for (let p = 1; paged.length < ids.length; p++) paged.push(...(await office.get(`/api/jobs/?active=t&archived=f&ordering=-title&page=${p}&page_size=500`)).body.results.map((r: { id: string }) => String(r.id)));
    expect(ids).toEqual(paged);

    const bad = await office.get('/api/jobs/?active=t&archived=f&ordering=no_such_column');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('ordering');
  });
});
