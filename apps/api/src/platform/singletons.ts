/** The account's one record of a kind (its settings, its SVA rate sheet, each document counter), for the API's routes. */
import type { AnyState } from '@trenchline/domain';
import { singletonRecordId } from '@trenchline/platform';
import type { Actor, ApiContext } from './context.ts';
import { commandsOf, loadRecord, type Loaded } from './records.ts';

/** The record's id, opening it when the account has none yet (packages/platform/src/singletons.ts). */
export const singletonId = (ctx: ApiContext, actor: Actor, aggregate: string, key?: string): Promise<string> =>
  singletonRecordId({ pool: ctx.pool, commands: commandsOf(ctx) }, actor, aggregate, key);

/** The account's record, folded (opened first when needed). */
export async function loadSingleton<S extends AnyState = AnyState>(ctx: ApiContext, actor: Actor, aggregate: string, opts: { key?: string; asOf?: string } = {}): Promise<Loaded<S>> {
  const id = await singletonId(ctx, actor, aggregate, opts.key);
  return loadRecord<S>(ctx, actor, aggregate, id, { asOf: opts.asOf });
}
