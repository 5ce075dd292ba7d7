/**
 * What every report builder reads and prints the same way: the selected records of a list read model
 * (only the account's own and live ones; the ids as one array parameter, however many), the subtitle and counts.
 */
import type { Knex } from 'knex';
import type { WorkerContext } from '../../context.ts';
import { rowsAt, whereAny } from '@trenchline/platform';

/** Rows of `table` with these ids, of this account, not deleted (as they stood at `asOf` when given); `select` names what to read. */
export async function selectedRows<T>(ctx: WorkerContext, table: string, accountId: string, ids: string[], select: (string | Knex.Raw)[], asOf?: string): Promise<T[]> {
  if (!ids.length) return [];
  return (await whereAny(rowsAt(ctx.db, table, asOf).where({ account_id: accountId, deleted: false }), 'id', ids).select(...select)) as T[];
}

/** The selected records' `view`s (each as its list shows it) from the list read model `table`. */
export const listViews =
  (table: string) =>
  async (ctx: WorkerContext, accountId: string, ids: string[], asOf?: string): Promise<Record<string, unknown>[]> =>
    (await selectedRows<{ view: Record<string, unknown> }>(ctx, table, accountId, ids, ['view'], asOf)).map((r) => r.view);

/** 'Acme Fibre · generated 2026-11-22 15:00 UTC · 3 jobs' */
export async function subtitleOf(ctx: WorkerContext, accountId: string, at: string, count: string) {
  const account = await ctx.db('accounts').where({ id: accountId }).first('name');
  return `${account?.name ?? ''} · generated ${at.slice(0, 16).replace('T', ' ')} UTC · ${count}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
