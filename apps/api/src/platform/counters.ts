/** The account's document counters as the api uses them: opened on first use (singletons.ts), numbers handed out by the platform's counters. */
import { COUNTER_AGGREGATE, nextNumber } from '@trenchline/platform';
import type { Actor, ApiContext } from './context.ts';
import { commandsOf } from './records.ts';
import { singletonId } from './singletons.ts';

/** The account's counter of a kind ('job', 'ticket'), opened on first use. */
export const counterId = (ctx: ApiContext, actor: Actor, kind: string) => singletonId(ctx, actor, COUNTER_AGGREGATE, kind);

/** The next number of a kind, as the text a record keeps. */
export const nextNumberOf = async (ctx: ApiContext, actor: Actor, kind: string) => nextNumber(commandsOf(ctx), actor, await counterId(ctx, actor, kind));
