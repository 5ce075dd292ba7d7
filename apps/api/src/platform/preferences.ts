/**
 * A user's own preferences (list filters, how-to opt-outs): rows of `user_preferences`, like the
 * users table itself, not events; they are a user's screen settings, not business records.
 */
import type { Actor, ApiContext } from './context.ts';

export async function userPreference<T>(ctx: ApiContext, actor: Actor, name: string, fallback: T): Promise<T> {
  const row = await ctx.db('user_preferences').where({ user_id: actor.userId, name }).first('value');
  return (row?.value as T | undefined) ?? fallback;
}

export async function saveUserPreference(ctx: ApiContext, actor: Actor, name: string, value: unknown) {
  await ctx.db('user_preferences')
    .insert({ user_id: actor.userId, name, value: JSON.stringify(value), updated_at: ctx.now() })
    .onConflict(['user_id', 'name'])
    .merge();
}
