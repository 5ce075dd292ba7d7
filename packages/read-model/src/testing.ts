/**
 * Each test file gets its own database (DEVELOPERS: real parts, never mocks). A migrated template is
 * made once per schema (its name carries a hash of the migrations), then each database is a cheap
 * `create database ... template`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { DATABASE_URL, withDatabase } from './config.ts';
import { migrateAll } from './migrate.ts';

const here = dirname(fileURLToPath(import.meta.url));

function schemaHash(): string {
  const h = createHash('sha256');
  const dir = join(here, 'migrations');
  for (const f of readdirSync(dir).sort()) h.update(readFileSync(join(dir, f)));
  h.update(readFileSync(join(here, '../../event-store/src/schema.ts')));
  return h.digest('hex').slice(0, 12);
}

async function admin() {
  const c = new pg.Client({ connectionString: withDatabase(DATABASE_URL, 'postgres') });
  await c.connect();
  return c;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * Under vitest each fork copies the template for its next file while the current one runs: a copy is a
 * second or more of writing (WAL_LOG, 15 MB) that every file otherwise waited for before its first
 * test. The copy is named a spare of this process until a file takes it and renames it; spares of
 * processes gone are dropped by the run's teardown (tests/support/global-setup.ts) and at the next start.
 */
const COPY_AHEAD = Boolean(process.env.VITEST) && process.env.TEST_DATABASE_AHEAD !== '0';
export const SPARE_PREFIX = 'tl_spare_';
let spare: Promise<string> | null = null;

function templateName() {
  return `tl_template_${schemaHash()}`;
}

/** `create database name template ...`, retried while another session holds the template. */
async function copyTemplate(c: pg.Client, template: string, name: string) {
  // A template may not be copied while another session is connected to it; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await c.query(`create database ${name} template ${template}`);
      return;
    } catch (e) {
      if (attempt > 50 || (e as { code?: string }).code !== '55006') throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function copyAhead(template: string): Promise<string> {
  const c = await admin();
  try {
    const name = `${SPARE_PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await copyTemplate(c, template, name);
    return name;
  } finally {
    await c.end();
  }
}

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const template = templateName();
  const c = await admin();
  try {
    await c.query('select pg_advisory_lock(7263002)');
    try {
      const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [template]);
      if (!rowCount) {
        await c.query(`create database ${template}`);
        await migrateAll(withDatabase(DATABASE_URL, template));
      }
    } finally {
      await c.query('select pg_advisory_unlock(7263002)');
    }
    const name = `tl_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase().slice(0, 30)}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const made = spare ? await spare.catch(() => null) : null;
    spare = null;
    if (made) await c.query(`alter database ${made} rename to ${name}`);
    else await copyTemplate(c, template, name);
    if (COPY_AHEAD) {
      spare = copyAhead(template);
      spare.catch(() => undefined);
    }
    const url = withDatabase(DATABASE_URL, name);
    return {
      url,
      name,
      async drop() {
        const d = await admin();
        try {
          // Let pools that are closing finish first: a connection cut by the forced drop errors in its owner.
          for (let i = 0; i < 30; i++) {
            const { rows } = await d.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
            if (!rows[0].n) break;
            await new Promise((r) => setTimeout(r, 100));
          }
          await d.query(`drop database if exists ${name} with (force)`);
        } finally {
          await d.end();
        }
      },
    };
  } finally {
    await c.end();
  }
}

/** Whether a spare copy is still being made (a fork that ended leaves Postgres finishing it). */
export async function spareCopiesInFlight(): Promise<boolean> {
  const c = await admin();
  try {
    const { rowCount } = await c.query(`select 1 from pg_stat_activity where query ilike 'create database ${SPARE_PREFIX}%' and state = 'active'`);
    return Boolean(rowCount);
  } finally {
    await c.end();
  }
}

/** The process a test database (`tl_<label>_<pid>_<random>`) or a spare copy (`tl_spare_<pid>_<random>`) belongs to. */
export function ownerOf(datname: string): number | null {
  if (datname.startsWith(SPARE_PREFIX)) return Number(datname.slice(SPARE_PREFIX.length).split('_')[0]);
  const m = /^tl_.+_(\d+)_[a-z0-9]{1,6}$/.exec(datname);
  return m && !datname.startsWith('tl_template_') ? Number(m[1]) : null;
}

/**
 * Drops the spare copies and the test databases of processes that are gone (a fork that exited while a
 * file's database was being dropped: tests/support/app.ts does not wait for it). Answers how many are
 * left to live children of `parent`: a run's forks, still exiting at its teardown.
 */
export async function dropLeftDatabases(parent?: number): Promise<number> {
  const c = await admin();
  try {
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'tl\\_%'`);
    let ofChildren = 0;
    for (const { datname } of rows) {
      const pid = ownerOf(datname);
      if (pid === null) continue;
      if (!alive(pid)) await c.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
      else if (parent !== undefined && parentOf(pid) === parent) ofChildren++;
    }
    return ofChildren;
  } finally {
    await c.end();
  }
}

/** The parent of a live process (Linux's /proc), or null where that cannot be read. */
function parentOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
