/**
 * The account's one record of a kind (its settings, its SVA rate sheet, each document counter): found
 * through `account_records`, opened on first use with the decider's `OpenRecord` command, in the same
 * transaction as its `account_records` row, so two first requests at once open it only once. The API
 * (apps/api/src/platform/singletons.ts) and the worker (the daily history anchor) both use it.
 */
import type pg from 'pg';
import { aggregateDef } from '@trenchline/domain';
import { allocateId } from '@trenchline/event-store';
import type { CommandHandler, Writer } from './commands.ts';

const UNIQUE_VIOLATION = '23505';

const keyOf = (aggregate: string, key?: string) => (key ? `${aggregate}:${key}` : aggregate);

/** The record's id, opening it as `writer` when the account has none yet. */
export async function singletonRecordId(deps: { pool: pg.Pool; commands: CommandHandler }, writer: Writer, aggregate: string, key?: string): Promise<string> {
  if (!aggregateDef(aggregate).singleton) throw new Error(`${aggregate} is not a one-per-account record`);
  const k = keyOf(aggregate, key);
  const find = async () =>
    (await deps.pool.query<{ id: string }>('select id::text as id from account_records where account_id = $1 and key = $2', [writer.accountId, k])).rows[0]?.id;
  const found = await find();
  if (found) return found;
  const id = await allocateId(deps.pool, { kind: aggregate, accountId: writer.accountId });
  try {
    await deps.commands.execute(writer, aggregate, id, { type: 'OpenRecord', id, key }, {
      create: true,
      sideWrites: async (client) => {
        await client.query('insert into account_records (account_id, key, id) values ($1, $2, $3)', [writer.accountId, k, id]);
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
