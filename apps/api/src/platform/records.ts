/**
 * The write side of every aggregate: load a record's stream (scoped to the caller's account), fold it,
 * decide, append with the expected version. Also its history and its state as of a past instant.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { aggregateDef, fold, historyEntry, DomainError, type AggregateDef, type CommandMeta, type DomainEvent } from '@trenchline/domain';
import { appendEventsInTransaction, findRecord as findRecordWith, ConcurrencyError, streamName, type AppendResult, type NewEvent, type RecordedEvent } from '@trenchline/event-store';
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
export async function loadRecord(
  ctx: ApiContext,
  actor: Actor,
  aggregate: string,
  id: string,
  opts: { asOf?: string; allowDeleted?: boolean; client?: pg.PoolClient } = {},
): Promise<Loaded> {
  const def = aggregateDef(aggregate);
  if (!/^\d{1,18}$/.test(id)) throw notFound(def.label);
  // Inside a write transaction the lookup uses its connection: waiting for a second one from the same
  // pool while holding the first would deadlock once every connection is held that way.
  const rec = opts.client ? await findRecordWith(opts.client, id, actor.accountId) : await findRecord(ctx, id, actor.accountId);
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
  /**
   * Postgres writes that must commit with the events or not at all (a user row with its audit
   * event). They run after deciding, before appending, in the same transaction.
   */
  sideWrites?: (client: pg.PoolClient, decided: { state: any; events: DomainEvent[] }) => Promise<void>;
}

const UNIQUE_VIOLATION = '23505';

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
  const transactional = Boolean(def.unique || def.snapshot || opts.sideWrites);
  for (let attempt = 0; ; attempt++) {
    if (transactional) {
      const [outcome] = await executeBatch(ctx, aggregate, id, [{ actor, command }], opts);
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    }
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

/** One command of a batch, and what came of it. */
export interface BatchCommand {
  actor: Actor;
  command: { type: string; [field: string]: unknown };
}
export type BatchOutcome = { ok: true; result: Executed } | { ok: false; error: unknown };

/**
 * Several commands on one record in one transaction, each decided on the state the ones before it
 * left and each event stamped with its own user: the document counters answer every waiting request
 * with one commit instead of one commit each. A command a rule refuses fails alone. Retries a lost
 * race like executeCommand.
 */
export async function executeBatch(ctx: ApiContext, aggregate: string, id: string, batch: BatchCommand[], opts: ExecuteOptions = {}): Promise<BatchOutcome[]> {
  const def = aggregateDef(aggregate);
  if (batch.length > 1 && (def.unique || opts.sideWrites || opts.ifMatch !== undefined || opts.create)) throw new Error('only plain commands can be batched');
  for (let attempt = 0; ; attempt++) {
    try {
      return await executeInTransaction(ctx, def, id, batch, opts);
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
      if (opts.create) throw new HttpError(409, 'conflict', `${def.label} ${id} already exists`);
      if (opts.ifMatch !== undefined) throw new ConflictWithCurrent(currentOf(ctx, def, await loadRecord(ctx, batch[0].actor, aggregate, id)));
      if (attempt >= RETRIES) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
}

/**
 * The write path of records with rules beyond their own stream: unique keys claimed, side writes and
 * the events committed in one Postgres transaction (with the EventStoreDB adapter the events are
 * appended just before the commit, and a failed append rolls the rest back). Records with a snapshot
 * lock its row first, so their writers queue instead of conflicting, and decide from it.
 */
async function executeInTransaction(ctx: ApiContext, def: AggregateDef, id: string, batch: BatchCommand[], opts: ExecuteOptions): Promise<BatchOutcome[]> {
  const stream = streamName(def.name, id);
  const client = await ctx.pool.connect();
  try {
    await client.query('begin');
    let loaded: Pick<Loaded, 'state' | 'version' | 'position'> | null = null;
    if (def.snapshot) {
      const { rows } = await client.query<{ state: unknown; version: number }>('select state, version from snapshots where stream_id = $1 for update', [stream]);
      if (rows[0]) loaded = { state: rows[0].state, version: rows[0].version, position: null };
      // No snapshot yet: the stream's first writers queue on a lock of their own.
      else await client.query('select pg_advisory_xact_lock(hashtext($1))', [stream]);
    }
    loaded ??= opts.create
      ? { state: def.decider.initialState, version: 0, position: null }
      : await loadRecord(ctx, batch[0].actor, def.name, id, { client });
    if (opts.ifMatch !== undefined && opts.ifMatch !== loaded.version) throw new ConflictWithCurrent(currentOf(ctx, def, { ...loaded } as Loaded));

    let state = loaded.state;
    const newEvents: NewEvent[] = [];
    const decided: ({ ok: true; state: unknown; events: DomainEvent[]; upTo: number } | { ok: false; error: unknown })[] = [];
    for (const { actor, command } of batch) {
      const meta: CommandMeta = { accountId: actor.accountId, userId: actor.userId, userName: actor.userName, at: ctx.now().toISOString() };
      let events: DomainEvent[];
      try {
        events = def.decider.decide(command, state, meta);
      } catch (error) {
        if (batch.length === 1) throw error;
        decided.push({ ok: false, error });
        continue;
      }
      const before = state;
      for (const e of events) state = def.decider.evolve(state, e, meta);
      if (def.unique && events.length) await claimUniqueKey(client, def, actor.accountId, id, before, state);
      const correlationId = randomUUID();
      for (const e of events) newEvents.push({ type: e.type, data: e.data, meta: { ...meta, correlationId, causationId: null, schemaVersion: 1 } });
      decided.push({ ok: true, state, events, upTo: newEvents.length });
    }
    await opts.sideWrites?.(client, { state, events: decided.flatMap((d) => (d.ok ? d.events : [])) });
    let res: AppendResult = { version: loaded.version, position: loaded.position ?? '' };
    if (newEvents.length) {
      res =
        ctx.store.kind === 'postgres'
          ? await appendEventsInTransaction(client, stream, newEvents, loaded.version)
          : await ctx.store.append(stream, newEvents, { expectedVersion: loaded.version });
      if (def.snapshot) {
        await client.query(
          `insert into snapshots (stream_id, version, state) values ($1, $2, $3)
           on conflict (stream_id) do update set version = excluded.version, state = excluded.state`,
          [stream, res.version, JSON.stringify(state)],
        );
      }
    }
    await client.query('commit');
    const position = newEvents.length ? res.position : loaded.position;
    return decided.map((d) =>
      d.ok ? { ok: true as const, result: { id, state: d.state, version: loaded!.version + d.upTo, position, events: d.events } } : d,
    );
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    // A snapshot behind its stream (a crash between an EventStoreDB append and the commit) is dropped
    // and rebuilt from the stream on the retry.
    if (e instanceof ConcurrencyError && def.snapshot) await client.query('delete from snapshots where stream_id = $1', [stream]).catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Move the record's claim on its unique key; another live record holding the key refuses the command. */
async function claimUniqueKey(client: pg.PoolClient, def: AggregateDef, accountId: string, id: string, before: unknown, after: unknown) {
  const u = def.unique!;
  const oldKey = u.of(before);
  const newKey = u.of(after);
  if (oldKey === newKey) return;
  if (oldKey) await client.query('delete from unique_claims where account_id = $1 and scope = $2 and key = $3 and record_id = $4', [accountId, def.name, oldKey, id]);
  if (!newKey) return;
  try {
    await client.query('insert into unique_claims (account_id, scope, key, record_id) values ($1, $2, $3, $4)', [accountId, def.name, newKey, id]);
  } catch (e) {
    if ((e as pg.DatabaseError).code !== UNIQUE_VIOLATION) throw e;
    const value = (after as { fields?: Record<string, unknown> }).fields?.[u.field] ?? newKey;
    throw new DomainError('already_exists', u.message(value), { [u.field]: 'already exists' });
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
