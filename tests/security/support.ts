/** Helpers the security tests share: client addresses of their own, unique emails, row counts, waiting. */
import type pg from 'pg';

/**
 * Client addresses in one documentation range (e.g. '192.0.2.'), one per call, sent as X-Forwarded-For
 * (trusted from loopback only): each test's requests count against addresses no other test uses.
 */
export function addressesIn(range: string): () => string {
  let n = 0;
  return () => `${range}${++n}`;
}

export const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 8)}@example.com`;

export const rowCount = async (db: pg.Pool, table: string) => Number((await db.query(`select count(*) from ${table}`)).rows[0].count);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
