/**
 * The account's one record of a kind (its settings, its SVA rate sheet, each document counter): found
 * through `account_records`, opened on first use with the decider's `OpenRecord` command, in the same
 * transaction as its `account_records` row, so two first requests at once open it only once.
 */
import type pg from 'pg';
import { aggregateDef, type AnyState } from '@trenchline/domain';
import type { Actor, ApiContext } from './context.ts';
import { newRecordId } from './ids.ts';
import { executeCommand, loadRecord, type Loaded } from './records.ts';

const UNIQUE_VIOLATION = '23505';

const keyOf = (aggregate: string, key?: string) => (key ? `${aggregate}:${key}` : aggregate);

/** The record's id, opening it when the account has none yet. */
export async function singletonId(ctx: ApiContext, actor: Actor, aggregate: string, key?: string): Promise<string> {
  if (!aggregateDef(aggregate).singleton) throw new Error(`${aggregate} is not a one-per-account record`);
  const k = keyOf(aggregate, key);
  const find = async () =>
    (await ctx.pool.query<{ id: string }>('select id::text as id from account_records where account_id = $1 and key = $2', [actor.accountId, k])).rows[0]?.id;
  const found = await find();
  if (found) return found;
  const id = await newRecordId(ctx, actor.accountId, aggregate);
  try {
    await executeCommand(ctx, actor, aggregate, id, { type: 'OpenRecord', id, key }, {
      create: true,
      sideWrites: async (client) => {
        await client.query('insert into account_records (account_id, key, id) values ($1, $2, $3)', [actor.accountId, k, id]);
      },
    });
    return id;
  } catch (e) {
    // Another request opened it first; its record is the one (this id stays unused).
    if ((e as pg.DatabaseError).code !== UNIQUE_VIOLATION) throw e;
    const winner = await find();
    if (!winner) throw e;
    return winner;
  }
}

/** The account's record, folded (opened first when needed). */
export async function loadSingleton<S extends AnyState = AnyState>(ctx: ApiContext, actor: Actor, aggregate: string, opts: { key?: string; asOf?: string } = {}): Promise<Loaded<S>> {
  const id = await singletonId(ctx, actor, aggregate, opts.key);
  return loadRecord<S>(ctx, actor, aggregate, id, { asOf: opts.asOf });
}
