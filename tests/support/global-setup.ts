/**
 * vitest's global setup: each fork copies the template database ahead for its next file
 * (packages/read-model/src/testing.ts); the copies left by forks that have ended are dropped before the
 * run and after it, so a run leaves no database behind.
 */
import { dropSpareDatabases, spareCopiesInFlight } from '@trenchline/read-model/testing.ts';

export async function setup() {
  await dropSpareDatabases();
}

export async function teardown() {
  // A fork's last copy may still be being made when the fork ends: Postgres finishes it, so wait for it.
  for (let i = 0; i < 20; i++) {
    await dropSpareDatabases();
    if (!(await spareCopiesInFlight())) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
