/** The knex instance every process uses for read models (and the pg pool under it). */
import knexFactory, { type Knex } from 'knex';
import './pg-types.ts';
import './tables.ts';
import { DATABASE_URL } from './config.ts';

export type Db = Knex;

export function createDb(url = DATABASE_URL, pool: { min?: number; max?: number } = {}): Db {
  return knexFactory({ client: 'pg', connection: url, pool: { min: pool.min ?? 0, max: pool.max ?? 10 } });
}
