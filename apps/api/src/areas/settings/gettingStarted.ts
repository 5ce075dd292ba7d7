/**
 * A new account's first steps (issue 31, docs/screens.md "A new account is not a blank wall"): crews,
 * customers and numbering in settings, then a first job, each ticked from the account's real records.
 * The panel's dismissal is the user's own (user_preferences); once every step is done it stays hidden.
 */
import { z } from 'zod';
import { aggregateDef } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { anyCounterSetByHand } from './numbers.ts';
import { preferenceSet, savePreferenceSet } from '../../platform/preferences.ts';

export const GETTING_STARTED_STEPS = ['crews', 'customers', 'numbering', 'job'] as const;
type Step = (typeof GETTING_STARTED_STEPS)[number];

const PREFERENCE = 'getting_started';
const DEFAULTS = { dismissed: false, finished: false };
export const gettingStartedBody = z.object({ dismissed: z.boolean() });

/** The account has a live record of this aggregate (its list's read model). */
async function hasAny(ctx: ApiContext, actor: Actor, aggregate: string): Promise<boolean> {
  const list = aggregateDef(aggregate).list;
  if (!list) throw new Error(`${aggregate} has no list`);
  return Boolean(await ctx.db(list).where({ account_id: actor.accountId, deleted: false }).first(ctx.db.raw('1 as one')));
}

/** Each step and whether it is done; `show` is false once dismissed or all done. */
export async function gettingStarted(ctx: ApiContext, actor: Actor) {
  const saved = await preferenceSet(ctx, actor, PREFERENCE, DEFAULTS);
  if (saved.finished) return { show: false, dismissed: saved.dismissed, steps: GETTING_STARTED_STEPS.map((step) => ({ step, done: true })) };
  const done: Record<Step, boolean> = {
    crews: await hasAny(ctx, actor, 'crew'),
    customers: await hasAny(ctx, actor, 'customer'),
    numbering: await anyCounterSetByHand(ctx, actor),
    job: await hasAny(ctx, actor, 'job'),
  };
  const finished = GETTING_STARTED_STEPS.every((s) => done[s]);
  // All done is kept, so the counters' streams are not read again on every list.
  if (finished) await savePreferenceSet(ctx, actor, PREFERENCE, DEFAULTS, { finished: true });
  return { show: !finished && !saved.dismissed, dismissed: saved.dismissed, steps: GETTING_STARTED_STEPS.map((step) => ({ step, done: done[step] })) };
}

/** Dismiss the panel for the caller (or bring it back). */
export async function dismissGettingStarted(ctx: ApiContext, actor: Actor, dismissed: boolean) {
  await savePreferenceSet(ctx, actor, PREFERENCE, DEFAULTS, { dismissed });
  return gettingStarted(ctx, actor);
}
