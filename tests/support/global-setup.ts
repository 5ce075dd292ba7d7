/**
 * vitest's global setup: each fork copies the template database ahead for its next file
 * (packages/read-model/src/testing.ts); the copies left by forks that have ended are dropped before the
 * run and after it, so a run leaves no database behind.
 */
import { dropSpareDatabases } from '@trenchline/read-model/testing.ts';

export async function setup() {
  await dropSpareDatabases();
}

export async function teardown() {
  // A fork's last copy may still be being made when the fork ends: Postgres finishes it, so wait for it.
  for (let i = 0; i < 20; i++) {
    await dropSpareDatabases();
    if (!(await copiesInFlight())) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function copiesInFlight(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const { DATABASE_URL, withDatabase } = await import('@trenchline/read-model');
  const c = new pg.Client({ connectionString: withDatabase(DATABASE_URL, 'postgres') });
  await c.connect();
  try {
    const { rowCount } = await c.query(`select 1 from pg_stat_activity where query ilike 'create database tl_spare_%' and state = 'active'`);
    return Boolean(rowCount);
  } finally {
    await c.end();
  }
}
