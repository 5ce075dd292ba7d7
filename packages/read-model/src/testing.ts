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

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const template = `tl_template_${schemaHash()}`;
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
    // A template may not be copied while another session is connected to it; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${name} template ${template}`);
        break;
      } catch (e) {
        if (attempt > 50 || (e as { code?: string }).code !== '55006') throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
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
