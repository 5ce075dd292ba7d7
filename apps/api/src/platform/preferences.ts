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

/** A set of preferences kept under one name: what is saved over the defaults (a field added later takes its default). */
export async function preferenceSet<T extends object>(ctx: ApiContext, actor: Actor, name: string, defaults: T): Promise<T> {
  return { ...defaults, ...(await userPreference<Partial<T>>(ctx, actor, name, {})) };
}

/** Save the given fields of a preference set (undefined ones are not given); the others are kept. Answers the whole set. */
export async function savePreferenceSet<T extends object>(ctx: ApiContext, actor: Actor, name: string, defaults: T, given: Partial<T>): Promise<T> {
  const next = { ...(await preferenceSet(ctx, actor, name, defaults)), ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as T;
  await saveUserPreference(ctx, actor, name, next);
  return next;
}
