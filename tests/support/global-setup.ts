/**
 * vitest's global setup: each fork copies the template database ahead for its next file
 * (packages/read-model/src/testing.ts), and a file's stop does not wait for its database's drop
 * (tests/support/app.ts); the copies and databases left by forks that have ended are dropped before the
 * run and after it, so a run leaves no database behind.
 */
import { dropLeftDatabases, spareCopiesInFlight } from '@trenchline/read-model/testing.ts';

export async function setup() {
  await dropLeftDatabases();
}

export async function teardown() {
  // A fork's last copy may still be being made when the fork ends: Postgres finishes it, so wait for it;
  // and a fork may still be exiting with its last file's database (dropped once the fork is gone).
  for (let i = 0; i < 20; i++) {
    const leftToForks = await dropLeftDatabases(process.pid);
    if (!leftToForks && !(await spareCopiesInFlight())) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
