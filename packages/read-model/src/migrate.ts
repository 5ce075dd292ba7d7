/** Bring a database to the current schema: the event store's tables, then the read models. */
import pg from 'pg';
import { migrateEventStore } from '@trenchline/event-store/schema.ts';
import { createDb } from './db.ts';
import { migrationSource } from './migrations/index.ts';
import { databaseOf, migrationSettings, sessionSettings, withDatabase } from './config.ts';

/** Create the database when it is missing (a fresh machine has only the server). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseOf(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres'), ...sessionSettings(migrationSettings()) });
  admin.on('error', () => undefined); // a lost connection fails the query in flight; it must not crash the process
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replace(/"/g, '""')}"`).catch((e) => {
      if (e.code !== '42P04') throw e; // created meanwhile by another process
    });
  } finally {
    await admin.end();
  }
}

/**
 * Named `trenchline-migrate`, with a statement limit of an hour (PG_MIGRATION_STATEMENT_TIMEOUT_MS)
 * instead of the app's minute: a migration may build an index or rewrite a table of every row, and
 * the event store's migrator waits on its advisory lock while another process migrates.
 */
export async function migrateAll(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, ...sessionSettings(migrationSettings()) });
  client.on('error', () => undefined); // as above
  await client.connect();
  try {
    await migrateEventStore(client);
  } finally {
    await client.end();
  }
  const db = createDb(url, { max: 1 }, migrationSettings());
  try {
    await db.migrate.latest({ migrationSource });
  } finally {
    await db.destroy();
  }
}
