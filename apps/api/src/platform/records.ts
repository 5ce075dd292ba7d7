/**
 * The write side of every aggregate: load a record's stream (scoped to the caller's account), fold it,
 * decide, append with the expected version. Also its history and its state as of a past instant.
 */
import { randomUUID } from 'node:crypto';
import { aggregateDef, fold, historyEntry, type CommandMeta, type DomainEvent } from '@trenchline/domain';
import { ConcurrencyError, streamName, type RecordedEvent } from '@trenchline/event-store';
import type { Actor, ApiContext } from './context.ts';
import { ConflictWithCurrent, HttpError, notFound } from './errors.ts';
import { findRecord } from './ids.ts';
import { reply } from './routes.ts';

export interface Loaded<S = any> {
  aggregate: string;
  id: string;
  stream: string;
  state: S;
  version: number;
  position: string | null;
  events: RecordedEvent[];
}

const metaOf = (e: RecordedEvent) => ({ at: e.meta.at, userId: e.meta.userId, userName: e.meta.userName });

/** Read and fold a record's stream; a record of another account, or none, is 404. */
export async function loadRecord(ctx: ApiContext, actor: Actor, aggregate: string, id: string, opts: { asOf?: string; allowDeleted?: boolean } = {}): Promise<Loaded> {
  const def = aggregateDef(aggregate);
  if (!/^\d{1,18}$/.test(id)) throw notFound(def.label);
  const rec = await findRecord(ctx, id, actor.accountId);
  if (!rec || rec.streamId !== streamName(aggregate, id)) throw notFound(def.label);
  let events = await ctx.store.readStream(rec.streamId);
  if (opts.asOf) events = events.filter((e) => e.meta.at <= opts.asOf!);
  const state = fold(def.decider, events.map((e) => ({ type: e.type, data: e.data, meta: metaOf(e) })));
  if (!state.id || (state.deleted && !opts.allowDeleted)) throw notFound(def.label);
  const last = events[events.length - 1];
  return { aggregate, id, stream: rec.streamId, state, version: last?.version ?? 0, position: last?.position ?? null, events };
}

export interface Executed<S = any> {
  id: string;
  state: S;
  version: number;
  position: string | null;
  events: DomainEvent[];
}

export interface ExecuteOptions {
  /** Version the client saw: a mismatch is a 409 with the current record. */
  ifMatch?: number;
  /** The record is being created under an id just handed out: its stream must be new. */
  create?: boolean;
}

/** Retries of a write that lost a race without If-Match, with a short jittered pause between. */
const RETRIES = 10;

/**
 * Decide and append. Without `ifMatch` a concurrent append is retried on the new state (the command
 * is decided again, so rules still hold); with `ifMatch` it is a 409: never a silent overwrite.
 */
export async function executeCommand(
  ctx: ApiContext,
  actor: Actor,
  aggregate: string,
  id: string,
  command: { type: string; [field: string]: unknown },
  opts: ExecuteOptions = {},
): Promise<Executed> {
  const def = aggregateDef(aggregate);
  for (let attempt = 0; ; attempt++) {
    const loaded: Loaded = opts.create
      ? { aggregate, id, stream: streamName(aggregate, id), state: def.decider.initialState, version: 0, position: null, events: [] }
      : await loadRecord(ctx, actor, aggregate, id);
    if (opts.ifMatch !== undefined && opts.ifMatch !== loaded.version) throw new ConflictWithCurrent(currentOf(ctx, def, loaded));
    const meta: CommandMeta = { accountId: actor.accountId, userId: actor.userId, userName: actor.userName, at: ctx.now().toISOString() };
    const events = def.decider.decide(command, loaded.state, meta);
    if (!events.length) return { id, state: loaded.state, version: loaded.version, position: loaded.position, events };
    const correlationId = randomUUID();
    try {
      const res = await ctx.store.append(
        loaded.stream,
        events.map((e) => ({ type: e.type, data: e.data, meta: { ...meta, correlationId, causationId: null, schemaVersion: 1 } })),
        { expectedVersion: loaded.version },
      );
      let state = loaded.state;
      for (const e of events) state = def.decider.evolve(state, e, meta);
      return { id, state, version: res.version, position: res.position, events };
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
      if (opts.create) throw new HttpError(409, 'conflict', `${def.label} ${id} already exists`);
      if (opts.ifMatch !== undefined) throw new ConflictWithCurrent(currentOf(ctx, def, await loadRecord(ctx, actor, aggregate, id)));
      if (attempt >= RETRIES) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
}

function currentOf(ctx: ApiContext, def: ReturnType<typeof aggregateDef>, loaded: Loaded) {
  return { ...def.view(loaded.state, ctx.now().toISOString().slice(0, 10)), version: loaded.version };
}

/** The record's events as auditors read them: who, when, which fields (old and new). */
export async function recordHistory(ctx: ApiContext, actor: Actor, aggregate: string, id: string) {
  const loaded = await loadRecord(ctx, actor, aggregate, id, { allowDeleted: true });
  return loaded.events.map((e) => historyEntry({ type: e.type, data: e.data, position: e.position, version: e.version, meta: metaOf(e) }));
}

/** Headers and body of a write's answer: the record, its version (ETag) and the event's position. */
export function writeReply(record: Record<string, unknown>, version: number, position: string | null, status = 200) {
  return reply({
    status,
    headers: { ETag: `"${version}"`, ...(position ? { 'X-Position': position } : {}) },
    body: { ...record, version, position },
  });
}
