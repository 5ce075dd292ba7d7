/**
 * The worker's write side: load a record's stream, fold, decide, append with the expected version;
 * a lost race is decided again on the new state. The worker records facts about work it did (a
 * report's file), so it acts as the user who asked for that work.
 */
import { randomUUID } from 'node:crypto';
import { aggregateDef, fold, type CommandMeta } from '@trenchline/domain';
import { ConcurrencyError, streamName } from '@trenchline/event-store';
import type { WorkerContext } from './context.ts';

export async function loadStream(ctx: WorkerContext, aggregate: string, id: string) {
  const def = aggregateDef(aggregate);
  const events = await ctx.store.readStream(streamName(aggregate, id));
  const state = fold(def.decider, events.map((e) => ({ type: e.type, data: e.data, meta: { at: e.meta.at, userId: e.meta.userId, userName: e.meta.userName, version: e.version } })));
  return { state, version: events.length ? events[events.length - 1].version : 0, events };
}

export async function execute(ctx: WorkerContext, aggregate: string, id: string, command: { type: string; [k: string]: unknown }, as: Omit<CommandMeta, 'at'>) {
  const def = aggregateDef(aggregate);
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await loadStream(ctx, aggregate, id);
    const meta: CommandMeta = { ...as, at: ctx.now().toISOString() };
    const events = def.decider.decide(command, state, meta);
    if (!events.length) return state;
    try {
      const correlationId = randomUUID();
      await ctx.store.append(
        streamName(aggregate, id),
        events.map((e) => ({ type: e.type, data: e.data, meta: { ...meta, correlationId, causationId: null, schemaVersion: 1 } })),
        { expectedVersion: version },
      );
      return events.reduce((s, e) => def.decider.evolve(s, e, meta), state);
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || attempt >= 5) throw e;
    }
  }
}
