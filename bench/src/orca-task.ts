/**
 * An ORCA task page with 500 CIBE lines (issue 14: "a task page with 500 CIBE lines loads in < 50 ms
 * p99"). The app and projector run in a child process; figures are printed and written to
 * bench/results/orca-task.json, never judged.
 *
 * One ORCA job with 4 tasks, each with items, a change order, a crew payout, a material, a permit and
 * notes (over HTTP, as the screens write them); task 1.1 holds 500 CIBE lines (decided by the command
 * handler, 50 per append, line ids from record_index as the API allocates them; 1 in 3 differs from
 * its issued qty, 1 in 10 not counted yet) of which 25 are zeroed with one bulk call, and tasks 1.2-1.4
 * 10 lines each. Its twin has the same tasks and lines but no CIBE line: the baseline, so the figure
 * beside says what the 530 CIBE lines cost.
 *
 * Measured over HTTP, 200 requests each after 20 warm-up: the task page's calls, GET /api/jobs/{id}/
 * (the job with every line, what the web's task page narrows to the task) and GET /api/jobs/tasks/{id}/
 * (the task with its totals and nested lists), one at a time, and both at once (the page's load); each
 * request on the big job is followed by the same on its twin, so other load moves both alike.
 *
 *   npm run bench -- orca-task     (or npx tsx bench/src/orca-task.ts; BENCH_CIBE_LINES=50 to check it runs)
 */
import pg from 'pg';
import type { JobCommand } from '@trenchline/domain';
import { commandHandler } from '@trenchline/platform';
import { allocateIds, createEventStore, streamName } from '@trenchline/event-store';
import { Client } from '../../tests/support/client.ts';
import { banner, sleep, startAppProcess, writeResult } from './common.ts';
import { int, line, summarize } from './stats.ts';

const CIBE_LINES = Number(process.env.BENCH_CIBE_LINES ?? 500);
const OTHER_TASK_LINES = 10;
const TASKS = 4;
const RUNS = 200;
const WARM_UP = 20;
const CODES = [
  ['SVA-101', 'Directional bore, 1-2 ducts', 14.25],
  ['SVA-102', 'Directional bore in rock', 38],
  ['SVA-201', 'Place handhole 17x30', 425],
  ['SVA-301', 'Aerial strand and lash', 2.1],
  ['SVA-401', 'Fusion splice, per fiber', 32.5],
] as const;

const app = await startAppProcess('bench_orca_task');
const db = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
const store = createEventStore({ url: app.databaseUrl });

async function ok(c: Client, path: string, body: Record<string, unknown>) {
  const r = await c.post(path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as Record<string, any>;
}

try {
  const c = await Client.signUp(app.url, 'Bench');
  const me = (await c.get('/api/auth/me')).body.user as { account_id: string; id: string; display_name: string };
  banner('orca-task', `an ORCA task page with ${int(CIBE_LINES)} CIBE lines: GET job and GET task, p50/p99 over ${RUNS} requests, beside the same job without CIBE lines`);
  const handler = commandHandler({ store, pool: db, now: () => new Date() });
  const writer = { accountId: me.account_id, userId: me.id, userName: me.display_name };

  /** An ORCA job with its tasks and their other lines, over HTTP; its task line ids in order. */
  async function orcaJob(title: string): Promise<{ id: string; tasks: string[] }> {
    const job = await ok(c, '/api/jobs/new/', { form_type: 'attorca', customer: 'AT&T', title, work_status: 'In Production', permit_status: 'Approved', pit_status: 'Needs Pits' });
    const tasks: string[] = [];
    for (let t = 0; t < TASKS; t++) {
      const task = await ok(c, `/api/jobs/${job.id}/tasks/`, { job: job.id, title: `Task ${t + 1}`, estimated_crew_payout: 4000 });
      tasks.push(task.id);
      const onTask = (kind: string, values: Record<string, unknown>) => ok(c, `/api/jobs/${job.id}/${kind}/`, { ...values, job_task: task.id });
      for (let i = 0; i < 3; i++) await onTask('items', { item: `Item ${i + 1}`, item_code: CODES[i][0], uom: 'ft', qty: 100 + i * 25, price: CODES[i][2], line_number: i + 1 });
      await onTask('change_orders', { co_number: `CO-${t + 1}`, description: 'Rock adder', qty: 40, price: 38, status: 'Submitted' });
      await onTask('crew_payouts', { crew_name: 'Bore Crew 1', crew_payout_amount: 2500 + t * 100 });
      await onTask('materials', { materials_line_number: 1, item_code: 'HD125', description: 'HDPE duct 1.25"', uom: 'ft', qty: 500, price: 1.1 });
      await onTask('permits', { permits_line_number: t + 1, permit_number: `ROW-${t + 1}`, agency: 'City', status: 'Approved', expiration_date: `2027-0${t + 1}-15` });
      for (let n = 0; n < 2; n++) await onTask('notes', { note: `Task ${t + 1} note ${n + 1}: crew on site.`, note_status: 'Update' });
    }
    return { id: String(job.id), tasks };
  }

  /** `count` CIBE lines on a task, decided by the command handler on the job's state, 50 per append. */
  async function cibeLines(jobId: string, taskId: string, count: number) {
    const ids = await allocateIds(db, { kind: 'job_cibe_items', accountId: me.account_id, streamId: streamName('job', jobId), count });
    const commands: JobCommand[] = ids.map((lineId, i) => {
      const [code, description, price] = CODES[i % CODES.length];
      const issued = 10 + (i % 40) * 5;
      // 1 in 3 built differs from issued, 1 in 10 not counted yet, the rest as issued.
      const built = i % 10 === 9 ? null : i % 3 === 0 ? issued + (i % 2 ? 5 : -5) : issued;
      return { type: 'AddLine', collection: 'job_cibe_items', lineId, values: { job_task: taskId, issued_item_code: code, issued_item_description: description, issued_item_price: price, issued_item_qty: issued, CIBE_item_qty: built, issued_item_step: `S${(i % 12) + 1}` } };
    });
    for (let i = 0; i < commands.length; i += 50) await handler.execute(writer, 'job', jobId, commands.slice(i, i + 50));
    return ids;
  }

  const t0 = performance.now();
  const big = await orcaJob('Task page bench: 500 CIBE lines');
  const bigLines = await cibeLines(big.id, big.tasks[0], CIBE_LINES);
  for (const task of big.tasks.slice(1)) await cibeLines(big.id, task, OTHER_TASK_LINES);
  // 1 in 20 of the big sheet zeroed, as a range selection's bulk zero does.
  const zeroed = bigLines.filter((_, i) => i % 20 === 7);
  await ok(c, `/api/jobs/${big.id}/cibeitems/bulk/`, { action: 'zero', ids: zeroed });
  const twin = await orcaJob('Task page bench: no CIBE lines (baseline)');
  const version = (await handler.load(writer, 'job', big.id)).version;
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: the job has ${int(version)} events, ${int(CIBE_LINES + OTHER_TASK_LINES * (TASKS - 1))} CIBE lines (${zeroed.length} zeroed); its twin has none`);

  // Let the projector settle so it does not share the measured window.
  for (let t = 0; t < 600; t++) {
    const row = (await db.query('select version from jobs where id = $1', [big.id])).rows[0];
    const twinRow = (await db.query('select 1 from jobs where id = $1', [twin.id])).rows[0];
    if (row && row.version >= version && twinRow) break;
    await sleep(100);
  }

  const cookie = () => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  /** One GET to the end of its body; its time and size. */
  async function get(path: string): Promise<{ ms: number; bytes: number; body: string }> {
    const t = performance.now();
    const res = await fetch(app.url + path, { headers: { cookie: cookie() } });
    const body = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms, bytes: body.length, body };
  }
  type Call = () => Promise<{ ms: number; bytes: number }>;
  /**
   * `RUNS` timed runs of a call on the big job and on its twin, after `WARM_UP` untimed ones, taken
   * in turn (big, twin, big ...) so other load on the machine moves both alike.
   */
  async function timedPair(label: string, big: Call, twin: Call) {
    const ms = { big: [] as number[], twin: [] as number[] };
    const bytes = { big: 0, twin: 0 };
    for (let r = 0; r < WARM_UP + RUNS; r++) {
      const a = await big();
      const b = await twin();
      if (r < WARM_UP) continue;
      ms.big.push(a.ms);
      ms.twin.push(b.ms);
      bytes.big = a.bytes;
      bytes.twin = b.bytes;
    }
    const out = { withCibe: { requestMs: summarize(ms.big), bytes: bytes.big }, baseline: { requestMs: summarize(ms.twin), bytes: bytes.twin } };
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    console.log(`\n  ${label}`);
    console.log(`    ${`${CIBE_LINES} CIBE lines`.padEnd(24)} ${line(out.withCibe.requestMs)}   ${kib(out.withCibe.bytes)}`);
    console.log(`    ${'no CIBE line (baseline)'.padEnd(24)} ${line(out.baseline.requestMs)}   ${kib(out.baseline.bytes)}`);
    return out;
  }
  const both = (job: { id: string; tasks: string[] }) => async () => {
    const t = performance.now();
    const [a, b] = await Promise.all([get(`/api/jobs/${job.id}/`), get(`/api/jobs/tasks/${job.tasks[0]}/`)]);
    return { ms: performance.now() - t, bytes: a.bytes + b.bytes };
  };

  // Check the answers are the page's before timing them.
  const shown = JSON.parse((await get(`/api/jobs/tasks/${big.tasks[0]}/`)).body);
  if (shown.job_task_cibe_items?.length !== CIBE_LINES) throw new Error(`the task answered ${shown.job_task_cibe_items?.length} CIBE lines, not ${CIBE_LINES}`);
  console.log(`\n  task 1.1 of the big job holds ${CIBE_LINES} CIBE lines (the job ${CIBE_LINES + OTHER_TASK_LINES * (TASKS - 1)}); the baseline is its twin: same tasks and other lines, no CIBE line`);
  const calls = {
    job: await timedPair('GET /api/jobs/{id}/ (the job with every line; the web task page narrows it to the task)', () => get(`/api/jobs/${big.id}/`), () => get(`/api/jobs/${twin.id}/`)),
    task: await timedPair('GET /api/jobs/tasks/{id}/ (the task with its totals and nested lists)', () => get(`/api/jobs/tasks/${big.tasks[0]}/`), () => get(`/api/jobs/tasks/${twin.tasks[0]}/`)),
    page: await timedPair("both at once (the page's load)", both(big), both(twin)),
  };
  const signed = (d: number) => `${d >= 0 ? '+' : ''}${d.toFixed(1)} ms`;
  const cost = (k: keyof typeof calls) => `${k} p50 ${signed(calls[k].withCibe.requestMs.p50 - calls[k].baseline.requestMs.p50)}, p99 ${signed(calls[k].withCibe.requestMs.p99 - calls[k].baseline.requestMs.p99)}`;
  // On a busy machine the p99s of both are mostly other work's; the p50s say more about the lines' cost.
  console.log(`\n  what the CIBE lines add (reading, computing and sending them): ${cost('job')}; ${cost('task')}; ${cost('page')}`);
  const withCibe = { job: calls.job.withCibe, task: calls.task.withCibe, page: calls.page.withCibe };
  const baseline = { job: calls.job.baseline, task: calls.task.baseline, page: calls.page.baseline };

  writeResult('orca-task', {
    cibeLines: CIBE_LINES,
    otherTaskLines: OTHER_TASK_LINES,
    tasks: TASKS,
    zeroed: zeroed.length,
    events: version,
    runs: RUNS,
    warmUp: WARM_UP,
    withCibe,
    baseline,
  });
} finally {
  await store.close();
  await db.end();
  await app.stop();
}
