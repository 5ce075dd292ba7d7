/**
 * The list reads on a real streaming replica (docs/scaling.md): a primary cluster of this file's own
 * and a hot standby copied from it with `pg_basebackup -R`, each on a free port and in a temporary
 * folder, both removed at the end (also when a test fails). The app (api + projector, in process)
 * writes to the primary (DATABASE_URL) and reads its lists from the standby (READ_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ensureDatabase, migrateAll } from '@trenchline/read-model';
import { waitForLists } from '@trenchline/platform';
import { startPostgres, type PostgresServer } from '../faults/support/servers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

const DATABASE = 'tl_replica';
/** This file's own connections name themselves, so the api's on the standby can be told apart. */
const OURS = 'replica-test';
/** How long waitForLists waits for projections that do not move before it takes the projector for stalled. */
const STILL_WAIT_MS = 5000;

let primary: PostgresServer | undefined;
let standby: PostgresServer | undefined;
let app: TestApp | undefined;
let onStandby: pg.Pool | undefined;
let office: Client;
let colleague: Client;

const pool = (url: string) => {
  const p = new pg.Pool({ connectionString: url, max: 2, application_name: OURS });
  p.on('error', () => undefined); // the servers are stopped at the end under open idle connections
  return p;
};

/** Polls outside a test (expect.poll is a test's), with a bound generous for a busy machine. */
async function until(check: () => Promise<boolean>, what: string, ms = 60_000) {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 200))) if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
}

beforeAll(async () => {
  primary = await startPostgres();
  standby = await startPostgres({ standbyOf: primary });
  const url = primary.url(DATABASE);
  await ensureDatabase(url);
  await migrateAll(url);
  onStandby = pool(standby.url(DATABASE));
  // The database and its migrations reach the standby by streaming: wait until they are replayed.
  await until(() => onStandby!.query('select 1 from projection_checkpoints limit 1').then(() => true, () => false), 'the migrations reach the standby');
  app = await startTestApp('replica', { database: { url, name: DATABASE, drop: async () => undefined }, readDatabaseUrl: standby.url(DATABASE) });
  office = await Client.signUp(app.url, 'Office');
  colleague = await office.addColleague('Carla Colleague', 'office');
}, 180_000);

afterAll(async () => {
  await onStandby?.query('select pg_wal_replay_resume()').catch(() => undefined);
  await onStandby?.end().catch(() => undefined);
  await app?.stop().catch((e) => console.warn(`stopping the app: ${(e as Error).message}`));
  standby?.destroy();
  primary?.destroy();
}, 120_000);

const jobs = (c: Client, title: string) => c.request<{ title: string }[]>('GET', `/api/jobs/?q=${encodeURIComponent(title)}&live_and_future=t`, undefined, c === office && office.lastPosition ? { 'X-Min-Position': office.lastPosition } : {});
const titles = (r: { body: { title: string }[] }) => r.body.map((j) => j.title);

/** Whether the primary's own projections (no replica) have passed the position: the projector's part done. */
const projectedOnPrimary = (position: string) => waitForLists({ db: app!.api.ctx.db, store: app!.api.ctx.store }, ['jobs'], position);

/** Health's details, as a local probe gets them. */
const health = async () => (await new Client(app!.url).get<{ problems: string[]; replica: { bytes_behind: number; lag_s: number; paused: boolean } | null }>('/api/health')).body;

/** How often the standby's projection_checkpoints were read (its own statistics: a standby counts its reads). */
const checkpointScans = async () => (await onStandby!.query<{ n: number }>("select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int as n from pg_stat_user_tables where relname = 'projection_checkpoints'")).rows[0].n;

const replayState = async () => (await onStandby!.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state')).rows[0].state;

describe('list reads on a streaming replica', () => {
  it('given the app reading lists from a standby, when a job is saved and its list read with X-Min-Position, then the list has it, read on the standby', async () => {
    expect((await onStandby!.query<{ standby: boolean }>('select pg_is_in_recovery() as standby')).rows[0].standby).toBe(true);
    expect(app!.api.ctx.readDb).not.toBe(app!.api.ctx.db);

    const saved = await office.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Streamed trench' });
    expect(saved.status).toBe(201);
    const listed = await jobs(office, 'Streamed trench');

    expect(listed.status).toBe(200);
    expect(titles(listed)).toEqual(['Streamed trench']);
    // The api's list connections are the standby's sessions of this database that are not ours.
    const { rows } = await onStandby!.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1 and backend_type = 'client backend' and application_name <> $2", [DATABASE, OURS]);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('given the standby paused, when a colleague reads, then the list lacks the job the primary has; when the writer reads with its position, then the read waits and answers with the job once replay resumes, and health says the replica paused meanwhile', async () => {
    await onStandby!.query('select pg_wal_replay_pause()');
    await expect.poll(replayState, { timeout: 30_000 }).toBe('paused');

    const saved = await office.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Paused trench' });
    expect(saved.status).toBe(201);
    const position = office.lastPosition!;
    await expect.poll(() => projectedOnPrimary(position), { timeout: 60_000 }).toBe(true);

    // A colleague waits for no write of theirs: the standby answers as it stands, without the job, so the list was read there.
    const stale = await jobs(colleague, 'Paused trench');
    expect(stale.status).toBe(200);
    expect(titles(stale)).toEqual([]);

    const scansBefore = await checkpointScans();
    let answered = false;
    const fresh = jobs(office, 'Paused trench').finally(() => (answered = true));
    // The read is asking the standby's checkpoints again and again (its scans grow), and has not answered.
    await expect.poll(checkpointScans, { timeout: 30_000 }).toBeGreaterThan(scansBefore + 2);
    expect(answered).toBe(false);
    expect(await replayState()).toBe('paused');
    const whilePaused = await health();
    expect(whilePaused.replica).toMatchObject({ paused: true });
    expect(whilePaused.replica!.bytes_behind).toBeGreaterThan(0);
    expect(whilePaused.problems.some((p) => p.includes('read replica has paused'))).toBe(true);

    await onStandby!.query('select pg_wal_replay_resume()');
    const listed = await fresh;

    expect(listed.status).toBe(200);
    expect(titles(listed)).toEqual(['Paused trench']);
    expect(titles(await jobs(colleague, 'Paused trench'))).toEqual(['Paused trench']);
    await expect.poll(async () => (await health()).replica, { timeout: 30_000 }).toEqual({ paused: false, bytes_behind: 0, lag_s: 0 });
  });

  it('given the standby paused past the 5 s a stalled projector is waited for, when the writer reads with its position, then the read still waits (the primary has projected it: the replica is replaying) and answers with the job once replay resumes', async () => {
    await onStandby!.query('select pg_wal_replay_pause()');
    await expect.poll(replayState, { timeout: 30_000 }).toBe('paused');
    try {
      expect((await office.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Long paused trench' })).status).toBe(201);
      await expect.poll(() => projectedOnPrimary(office.lastPosition!), { timeout: 60_000 }).toBe(true);
      const scansBefore = await checkpointScans();
      let answered = false;
      const fresh = jobs(office, 'Long paused trench').finally(() => (answered = true));
      await expect.poll(checkpointScans, { timeout: 30_000 }).toBeGreaterThan(scansBefore + 2);
      await new Promise((r) => setTimeout(r, STILL_WAIT_MS + 1000));
      expect(answered).toBe(false);

      await onStandby!.query('select pg_wal_replay_resume()');
      const listed = await fresh;

      expect(listed.status).toBe(200);
      expect(titles(listed)).toEqual(['Long paused trench']);
    } finally {
      await onStandby!.query('select pg_wal_replay_resume()');
    }
  });

  it('given the standby stopped, when a list is read, then it answers 503 with Retry-After and health names the replica; once it is back, the list reads again', async () => {
    await onStandby!.end();
    onStandby = undefined;
    standby!.stop();
    try {
      const refused = await jobs(colleague, 'Streamed trench');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect((await health()).problems.some((p) => p.includes('read replica cannot be read'))).toBe(true);
    } finally {
      standby!.start();
      onStandby = pool(standby!.url(DATABASE));
    }

    await expect.poll(async () => titles(await jobs(colleague, 'Streamed trench')), { timeout: 30_000 }).toEqual(['Streamed trench']);
    expect((await health()).replica).toMatchObject({ paused: false });
  });
});
