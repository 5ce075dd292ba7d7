/**
 * The record that holds a unique key (`unique` of an aggregate: a crew's name, a coordinator's code, a
 * job's number), found by its claim in `unique_claims`, which the command handler moves with the
 * record's own append: so a record written a moment ago is found before any list has it.
 */
import { uniqueKeyOf } from '@trenchline/domain';
import type { ApiContext } from './context.ts';

/** The id of the live record of `aggregate` in the account whose key is `value` (case and spacing ignored), or null. */
export async function holderOfKey(ctx: ApiContext, accountId: string, aggregate: string, value: unknown): Promise<string | null> {
  const key = uniqueKeyOf(value);
  if (!key) return null;
  const { rows } = await ctx.pool.query<{ id: string }>('select record_id::text as id from unique_claims where account_id = $1 and scope = $2 and key = $3', [accountId, aggregate, key]);
  return rows[0]?.id ?? null;
}
