/**
 * What every report builder reads and prints the same way: the selected records of a list read model
 * (only the account's own and live ones; the ids as one array parameter, however many), the subtitle, counts and the days-away row fills.
 */
import type { Knex } from 'knex';
import type { WorkerContext } from '../../context.ts';
import { whereAny } from '@trenchline/platform';

/** Rows of `table` with these ids, of this account, not deleted; `select` names what to read. */
export async function selectedRows<T>(ctx: WorkerContext, table: string, accountId: string, ids: string[], select: (string | Knex.Raw)[]): Promise<T[]> {
  if (!ids.length) return [];
  return (await whereAny(ctx.db(table).where({ account_id: accountId, deleted: false }), 'id', ids).select(...select)) as T[];
}

/** 'Acme Fibre · generated 2026-11-22 15:00 UTC · 3 jobs' */
export async function subtitleOf(ctx: WorkerContext, accountId: string, at: string, count: string) {
  const account = await ctx.db('accounts').where({ id: accountId }).first('name');
  return `${account?.name ?? ''} · generated ${at.slice(0, 16).replace('T', ' ')} UTC · ${count}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Days-away fills as on the lists (red under 4, orange under 7), else the record's own colour. */
export const dueFill = (r: { days_colour?: unknown; colour_background?: unknown }) =>
  r.days_colour === 'red' ? 'rgba(250, 82, 82, 0.18)' : r.days_colour === 'orange' ? 'rgba(253, 126, 20, 0.18)' : ((r.colour_background as string | null) ?? null);
