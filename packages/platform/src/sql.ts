/**
 * Lists of values in a query: one array parameter, never one parameter per value. Postgres binds at
 * most 65,535 parameters to a statement, so `whereIn` over a list's rows (a job list of 100,000, its
 * locates, a bulk selection) fails past that; `= any($1::bigint[])` takes any length (lint refuses
 * knex's whereIn for this reason: eslint.config.js).
 */
import type { Knex } from 'knex';

/** The Postgres element types the lists of this code base hold. */
export type SqlListType = 'bigint' | 'text';

/** `column = any(values)` as one parameter; an empty list matches nothing. */
export function whereAny<Q extends Knex.QueryBuilder>(q: Q, column: string, values: readonly (string | number)[], type: SqlListType = 'bigint'): Q {
  return q.whereRaw(`?? = any(?::${type}[])`, [column, [...values] as string[]]) as Q;
}

/** `column = any(values)` as a SQL fragment with its one binding, for an `or` of two lists. */
export const anyOf = (db: Knex, column: string, values: readonly (string | number)[], type: SqlListType = 'bigint'): Knex.Raw => db.raw(`?? = any(?::${type}[])`, [column, [...values] as string[]]);
