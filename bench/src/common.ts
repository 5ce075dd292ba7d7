/** What every benchmark shares: the results file, the machine description, an app in its own process. */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase } from '@trenchline/read-model/testing.ts';
import { forgetMailbox, registerMailbox } from '../../tests/support/mail.ts';
import { processSpec, type ProcessKind } from '../../scripts/processes.ts';

export const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/** tsx's loader, by absolute URL, so child processes load TypeScript whatever their working directory. */
export const tsxLoader = import.meta.resolve('tsx');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The 1-minute load average as the benchmark started: other work on the machine moves the figures. */
const loadAtStart = Math.round(loadavg()[0] * 100) / 100;

export function machine() {
  const c = cpus();
  return { cpus: c.length, node: process.version, cpuModel: c[0]?.model?.trim() ?? 'unknown', loadAverage1mAtStart: loadAtStart };
}

/** First line of every benchmark's output. */
export function banner(name: string, what: string) {
  const m = machine();
  console.log(`== ${name}: ${what}`);
  console.log(`   ${m.cpus} cpus (${m.cpuModel}), node ${m.node}, load average ${m.loadAverage1mAtStart} at start\n`);
}

/** Postgres settings that move write figures a lot; recorded beside them. */
export async function postgresSettings(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'wal_level', 'max_connections')`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await c.end();
  }
}

/** Writes bench/results/<name>.json: { name, machine, at, figures }. */
export function writeResult(name: string, figures: Record<string, unknown>): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = `${resultsDir}${name}.json`;
  writeFileSync(file, JSON.stringify({ name, machine: machine(), at: new Date().toISOString(), figures }, null, 2) + '\n');
  console.log(`\nwrote ${file}`);
  return file;
}

export interface AppProcess {
  url: string;
  databaseUrl: string;
  /** The app child's process id (its memory: /proc/<pid>/status); the api's when deployed. */
  pid: number;
  /** Deployed (startDeployed): each process's id by its name. */
  pids?: Partial<Record<DeployedProcess, number>>;
  stop(): Promise<void>;
}

export type DeployedProcess = ProcessKind;

/** A process's resident memory in MB (VmRSS of /proc/<pid>/status); NaN once it has gone. */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** CPU seconds a process has used so far: utime + stime of /proc/<pid>/stat, in ticks of 1/100 s. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Trenchline as `npm start` and docker-compose run it (scripts/processes.ts): the api, projector and
 * (when asked) worker mains, each its own process with its own pools (poolSizes), on a fresh migrated database and its own files
 * directory; Redis keys follow the database's name as in production. A figure of one process (the
 * api's memory, a list page while the worker imports) is then that process's alone, as deployed.
 */
export async function startDeployed(label: string, o: { worker?: boolean; projector?: boolean } = {}): Promise<AppProcess> {
  const database = await createTestDatabase(label);
  const filesDir = mkdtempSync(join(tmpdir(), 'tl-bench-files-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATABASE_URL: database.url, PORT: String(port), FILES_DIR: filesDir };
  // projector: false when the caller runs projections of its own (the scale bench replays, then starts one).
  const names: DeployedProcess[] = ['api', ...(o.projector === false ? [] : (['projector'] as const)), ...(o.worker ? (['worker'] as const) : [])];
  const children = new Map<DeployedProcess, { child: ChildProcess; exited: Promise<unknown> }>();
  for (const name of names) {
    // Their logs would bury the figures: only what they say is wrong is shown.
    const spec = processSpec(repoRoot, name, env);
    // BENCH_CPU_PROF=<dir>: each process writes a CPU profile there when it stops (node --cpu-prof).
    if (process.env.BENCH_CPU_PROF) spec.args.unshift('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${name}.cpuprofile`);
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.set(name, { child, exited: new Promise((r) => child.once('exit', r)) });
  }
  const stop = async () => {
    forgetMailbox(url);
    for (const name of [...names].reverse()) {
      const c = children.get(name)!;
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGTERM');
      const timer = setTimeout(() => c.child.kill('SIGKILL'), 30_000);
      await c.exited;
      clearTimeout(timer);
    }
    await database.drop();
    rmSync(filesDir, { recursive: true, force: true });
  };
  try {
    for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
      for (const [name, c] of children) if (c.child.exitCode !== null) throw new Error(`the ${name} process exited (${c.child.exitCode}) before the app started`);
      const answered = await fetch(`${url}/api/health`).then(() => true, () => false);
      if (answered) break;
      if (Date.now() > deadline) throw new Error('the api did not answer within 60 s');
    }
  } catch (e) {
    await stop();
    throw e;
  }
  registerMailbox(url, database.url);
  const pids = Object.fromEntries([...children].map(([n, c]) => [n, c.child.pid!]));
  return { url, databaseUrl: database.url, pid: pids.api, pids, stop };
}

/**
 * A whole Trenchline (tests/support/app.ts startTestApp: api + projector (+ worker), own database and Redis
 * channel prefix) in a child process, so the benchmark's client never shares an event loop with the
 * server it measures. stop() stops the app (which drops its database) and waits for the process.
 */
export async function startAppProcess(label: string, o: { projector?: boolean; worker?: boolean; web?: boolean } = {}): Promise<AppProcess> {
  const mode = o.projector === false ? 'no-projector' : o.worker ? 'worker' : 'projector';
  const child = fork(fileURLToPath(new URL('./app-server.ts', import.meta.url)), [label, mode, ...(o.web ? ['web'] : [])], {
    execArgv: ['--import', tsxLoader],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const started = await new Promise<{ url: string; databaseUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start within 60 s')), 60_000);
    child.once('message', (m: any) => {
      clearTimeout(timer);
      if (m?.error) reject(new Error(`the app failed to start: ${m.error}`));
      else resolve(m);
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the app process exited (${code}) before it started`));
    });
  });
  // Client.signUp reads the sign-up code from the app's mail outbox.
  registerMailbox(started.url, started.databaseUrl);
  return {
    ...started,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `n` bids of a fresh signed-up account, created through the API; their ids. */
export async function createBids(client: { post(p: string, b?: unknown): Promise<{ status: number; body: any }> }, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await client.post('/api/bids', {
      work_request: `WR-${500000 + i}`,
      supplier_code: `SC-${2000 + i}`,
      coordinator: 'Dana Whitfield',
      description: 'Bore 300 ft of 1.25" HDPE along the north shoulder',
      location: '1200 block of Old Mill Rd',
      city: 'Springfield',
      county: 'Greene',
      bid_due_date: '2025-03-14',
      market: 'SW',
      region: 'SW',
    });
    if (r.status !== 201) throw new Error(`creating a bid failed: ${r.status} ${JSON.stringify(r.body)}`);
    ids.push(String(r.body.id));
  }
  return ids;
}

/**
 * Open loop: calls `fire(i, scheduledAt)` for i = 0..count-1 at `scheduledAt = start + i * intervalMs`
 * whether or not earlier calls have finished (so a slow server cannot slow the offered load down).
 * Resolves when every call has settled or `drainMs` after the last was sent, whichever is first;
 * `unfinished` counts the calls still running then.
 */
export async function openLoop(count: number, intervalMs: number, fire: (i: number, scheduledAt: number) => Promise<void>, drainMs = 30_000) {
  const start = performance.now() + 20;
  let maxSendLag = 0;
  const pending: Promise<void>[] = [];
  let settled = 0;
  for (let i = 0; i < count; i++) {
    const at = start + i * intervalMs;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    maxSendLag = Math.max(maxSendLag, performance.now() - at);
    pending.push(fire(i, at).finally(() => void settled++));
  }
  const sendingMs = performance.now() - start;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(pending), new Promise((r) => (timer = setTimeout(r, drainMs)))]);
  clearTimeout(timer);
  return { sendingMs: Math.round(sendingMs), unfinished: count - settled, maxSendLagMs: Math.round(maxSendLag * 100) / 100 };
}

/**
 * A GET timed `runs` times after one warm-up, with the client's session cookie: the times (ms) and the
 * last answer's JSON. A status other than 200 stops the bench, naming the path.
 */
export async function timedGets(baseUrl: string, cookie: string, path: string, runs: number): Promise<{ times: number[]; body: any }> {
  const times: number[] = [];
  let body: any;
  for (let r = 0; r < runs + 1; r++) {
    const t = performance.now();
    const res = await fetch(baseUrl + path, { headers: { cookie } });
    const text = await res.text();
    const took = performance.now() - t;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    if (r > 0) times.push(took);
    body = JSON.parse(text);
  }
  return { times, body };
}

/**
 * What `runs` GETs of `body` cost from a bare node http server in a process of its own, sending the
 * bytes and nothing else: the machine's floor for an answer of that size, printed beside the app's.
 */
export async function bareAnswerFloor(body: string, runs: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tl-bench-floor-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, body);
  const serve = `const b = require('fs').readFileSync(${JSON.stringify(file)}); const s = require('http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end(b); }).listen(0, '127.0.0.1', () => console.log(s.address().port));`;
  const child = spawn(process.execPath, ['-e', serve], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.once('data', (d) => resolve(Number(String(d).trim())));
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    return (await timedGets(`http://127.0.0.1:${port}`, '', '/', runs)).times;
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
