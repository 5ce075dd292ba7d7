/**
 * The worker's side of the command handler (@trenchline/platform). The worker records facts about
 * work it did (a report's file), so it acts as the user who asked for that work, and reads streams
 * as they are: a job may run ahead of the request it builds.
 */
import type { CommandMeta } from '@trenchline/domain';
import type { WorkerContext } from './context.ts';

/** A record's stream folded, whether it holds the record yet or not. */
export const loadStream = (ctx: WorkerContext, aggregate: string, id: string) => ctx.commands.read(aggregate, id);

/** Decide and append as `as`; a lost race is decided again on the new state. Answers the new state. */
export async function execute(ctx: WorkerContext, aggregate: string, id: string, command: { type: string; [k: string]: unknown }, as: Omit<CommandMeta, 'at'>) {
  return (await ctx.commands.execute(as, aggregate, id, command, { unscoped: true })).state;
}

/** The account's one record of a kind (its settings), folded; null when the account never opened it. */
export async function accountRecordState(ctx: WorkerContext, accountId: string, aggregate: string) {
  // The api's one-per-account key (apps/api/src/platform/singletons.ts keyOf): the aggregate's name.
  const found = await ctx.db('account_records').where({ account_id: accountId, key: aggregate }).first('id');
  return found ? (await loadStream(ctx, aggregate, String(found.id))).state : null;
}
