/**
 * The write side of every aggregate: load a record's stream (scoped to the caller's account), fold it,
 * decide, append with the expected version. An edit is merged by field with what others saved since
 * the version its author last saw (the domain's concurrency rule). Also a record's history and its
 * state as of a past instant.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  aggregateDef,
  collection as collectionDef,
  fold,
  foldSince,
  historyEntry,
  mergeEdit,
  partOf,
  presentLine,
  recordFieldsOf,
  linesAsShown,
  DomainError,
  type AggregateDef,
  type CommandMeta,
  type DomainEvent,
  type EditPart,
  type LinesState,
  type PartSince,
} from '@trenchline/domain';
import { appendEventsInTransaction, findRecord as findRecordWith, ConcurrencyError, streamName, type AppendResult, type NewEvent, type RecordedEvent } from '@trenchline/event-store';
import type { Actor, ApiContext } from './context.ts';
import { ConflictWithCurrent, FieldConflicts, HttpError, notFound } from './errors.ts';
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
  /** With `follow`: the edited part as its author saw it, now, and what changed in it since. */
  since?: PartSince;
}

/** The envelope fields evolve reads, with the event's version (a line keeps the version that last touched it). */
const metaOf = (e: RecordedEvent) => ({ at: e.meta.at, userId: e.meta.userId, userName: e.meta.userName, version: e.version });

/**
 * Read and fold a record's stream; a record of another account, or none, is 404. `follow` also
 * follows one part of the record after a version (see Edit).
 */
export async function loadRecord(
  ctx: ApiContext,
  actor: Actor,
  aggregate: string,
  id: string,
  opts: { asOf?: string; allowDeleted?: boolean; client?: pg.PoolClient; follow?: { part: EditPart; since: number; read?: (state: any) => Record<string, unknown> } } = {},
): Promise<Loaded> {
  const def = aggregateDef(aggregate);
  if (!/^\d{1,18}$/.test(id)) throw notFound(def.label);
  // Inside a write transaction the lookup uses its connection: waiting for a second one from the same
  // pool while holding the first would deadlock once every connection is held that way.
  const rec = opts.client ? await findRecordWith(opts.client, id, actor.accountId) : await findRecord(ctx, id, actor.accountId);
  if (!rec || rec.streamId !== streamName(aggregate, id)) throw notFound(def.label);
  let events = await ctx.store.readStream(rec.streamId);
  if (opts.asOf) events = events.filter((e) => e.meta.at <= opts.asOf!);
  const folded = events.map((e) => ({ type: e.type, data: e.data, meta: metaOf(e) }));
  let state;
  let since: PartSince | undefined;
  if (opts.follow) ({ state, since } = foldSince(def.decider, folded, opts.follow.since, partOf(opts.follow.part, opts.follow.read ?? recordFieldsOf(def))));
  else state = fold(def.decider, folded);
  if (!state.id || (state.deleted && !opts.allowDeleted)) throw notFound(def.label);
  const last = events[events.length - 1];
  return { aggregate, id, stream: rec.streamId, state, version: last?.version ?? 0, position: last?.position ?? null, events, since };
}

type Command = { type: string; [field: string]: unknown };

/**
 * A write that edits one part of a record (its own fields, or one line), as a client sends it: the
 * values it sent and, when it sent one, the version it last saw. With that version the values are
 * merged by field with what others saved since (a field both changed to different values is a 409
 * naming it; nothing is written); without it, the values that differ from the record as it stands
 * are applied. Either way only fields the write changes are written, never the whole record.
 */
export interface Edit {
  part: EditPart;
  values: Record<string, unknown>;
  base?: number;
  /** The command that applies the fields to change. */
  command(values: Record<string, unknown>): Command;
  /** Reads the edited values from the state when they are not the record's fields (a subscription's quantity). */
  read?(state: any): Record<string, unknown>;
}

const isEdit = (c: Command | Edit): c is Edit => typeof (c as Edit).command === 'function';

/** What to load for a command: an edit follows its part (a line from the start, to say who removed it). */
const followOf = (c: Command | Edit) => (isEdit(c) && (c.base !== undefined || c.part.kind === 'line') ? { part: c.part, since: c.base ?? 0, read: c.read } : undefined);

/** The command an edit comes to on the record as loaded: null when it changes nothing. */
function commandOf(ctx: ApiContext, def: AggregateDef, loaded: Loaded, actor: Actor, c: Command | Edit): Command | null {
  if (!isEdit(c)) return c;
  const since = loaded.since;
  if (c.part.kind === 'line' && since && !since.current) {
    const noun = collectionDef(c.part.collection).noun;
    if (since.removed) throw new DomainError('gone', `This ${noun.toLowerCase()} was deleted by ${since.removed.userName} at ${since.removed.at}. Nothing was saved.`);
    throw new DomainError('not_found', `${noun} not found`);
  }
  if (c.base === undefined || !since) return c.command(c.values);
  const { values, conflicts } = mergeEdit(since, c.values, actor.userId);
  if (conflicts.length) throw new FieldConflicts(conflicts, currentPartOf(ctx, def, loaded, c.part));
  return Object.keys(values).length ? c.command(values) : null;
}

/**
 * Load a record and check an edit against it without writing: a 409 (fields both changed), 410 or
 * 404 now, before a rule with writes of its own runs (a job's new coordinator).
 */
export async function checkEdit(ctx: ApiContext, actor: Actor, aggregate: string, id: string, edit: Edit): Promise<Loaded> {
  const loaded = await loadRecord(ctx, actor, aggregate, id, { follow: followOf(edit) });
  commandOf(ctx, aggregateDef(aggregate), loaded, actor, edit);
  return loaded;
}

/** The edited part as it now stands, with its version: the record as clients see it, or the line. */
function currentPartOf(ctx: ApiContext, def: AggregateDef, loaded: Loaded, part: EditPart) {
  if (part.kind === 'fields') return currentOf(ctx, def, loaded);
  const line = loaded.state.lines?.[part.collection]?.[part.lineId] && linesAsShown(def, loaded.state.lines)[part.collection][part.lineId];
  return line ? presentLine(collectionDef(part.collection), line) : null;
}

export interface Executed<S = any> {
  id: string;
  state: S;
  version: number;
  position: string | null;
  events: DomainEvent[];
}

export interface ExecuteOptions {
  /**
   * For the server's own check-then-act (a user not assigned yet): the version the check saw; a
   * mismatch is a 409 with the current record. Clients' versions come with an Edit instead.
   */
  expectedVersion?: number;
  /** The record as just loaded for this command (checkEdit's answer): the first attempt decides on it instead of reading again. */
  loaded?: Loaded;
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
 * Decide and append. A concurrent append is retried on the new state: the command is decided again
 * (so rules still hold) and an edit is merged again against what was saved meanwhile.
 */
export async function executeCommand(
  ctx: ApiContext,
  actor: Actor,
  aggregate: string,
  id: string,
  command: Command | Edit,
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
      : attempt === 0 && opts.loaded
        ? opts.loaded
        : await loadRecord(ctx, actor, aggregate, id, { follow: followOf(command) });
    if (opts.expectedVersion !== undefined && opts.expectedVersion !== loaded.version) throw new ConflictWithCurrent(currentOf(ctx, def, loaded));
    const meta: CommandMeta = { accountId: actor.accountId, userId: actor.userId, userName: actor.userName, at: ctx.now().toISOString() };
    const decided = commandOf(ctx, def, loaded, actor, command);
    const events = decided ? def.decider.decide(decided, loaded.state, meta) : [];
    if (!events.length) return { id, state: loaded.state, version: loaded.version, position: loaded.position, events };
    const correlationId = randomUUID();
    try {
      const res = await ctx.store.append(
        loaded.stream,
        events.map((e) => ({ type: e.type, data: e.data, meta: { ...meta, correlationId, causationId: null, schemaVersion: 1 } })),
        { expectedVersion: loaded.version },
      );
      const state = evolveAll(def, loaded.state, events, meta, loaded.version);
      return { id, state, version: res.version, position: res.position, events };
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
      if (opts.create) throw new HttpError(409, 'conflict', `${def.label} ${id} already exists`);
      if (opts.expectedVersion !== undefined) throw new ConflictWithCurrent(currentOf(ctx, def, await loadRecord(ctx, actor, aggregate, id)));
      if (attempt >= RETRIES) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
}

/** Fold new events onto a state, each with the version it takes after `from`. */
function evolveAll(def: AggregateDef, state: unknown, events: DomainEvent[], meta: CommandMeta, from: number) {
  return events.reduce((s, e, i) => def.decider.evolve(s, e, { ...meta, version: from + i + 1 }), state);
}

/** One command of a batch, and what came of it. */
export interface BatchCommand {
  actor: Actor;
  command: Command | Edit;
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
  if (batch.length > 1 && (def.unique || opts.sideWrites || opts.expectedVersion !== undefined || opts.create || batch.some((b) => isEdit(b.command)))) throw new Error('only plain commands can be batched');
  for (let attempt = 0; ; attempt++) {
    try {
      return await executeInTransaction(ctx, def, id, batch, opts);
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
      if (opts.create) throw new HttpError(409, 'conflict', `${def.label} ${id} already exists`);
      if (opts.expectedVersion !== undefined) throw new ConflictWithCurrent(currentOf(ctx, def, await loadRecord(ctx, batch[0].actor, aggregate, id)));
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
    let loaded: Loaded | null = null;
    const follow = followOf(batch[0].command);
    if (def.snapshot) {
      const { rows } = await client.query<{ state: unknown; version: number }>('select state, version from snapshots where stream_id = $1 for update', [stream]);
      // An edit from a version reads the stream, to see what changed since.
      if (rows[0] && !follow) loaded = { aggregate: def.name, id, stream, state: rows[0].state, version: rows[0].version, position: null, events: [] };
      // No snapshot yet: the stream's first writers queue on a lock of their own.
      else if (!rows[0]) await client.query('select pg_advisory_xact_lock(hashtext($1))', [stream]);
    }
    loaded ??= opts.create
      ? { aggregate: def.name, id, stream, state: def.decider.initialState, version: 0, position: null, events: [] }
      : await loadRecord(ctx, batch[0].actor, def.name, id, { client, follow });
    if (opts.expectedVersion !== undefined && opts.expectedVersion !== loaded.version) throw new ConflictWithCurrent(currentOf(ctx, def, loaded));

    let state = loaded.state;
    const newEvents: NewEvent[] = [];
    const decided: ({ ok: true; state: unknown; events: DomainEvent[]; upTo: number } | { ok: false; error: unknown })[] = [];
    for (const { actor, command } of batch) {
      const meta: CommandMeta = { accountId: actor.accountId, userId: actor.userId, userName: actor.userName, at: ctx.now().toISOString() };
      let events: DomainEvent[];
      try {
        const resolved = commandOf(ctx, def, loaded, actor, command);
        events = resolved ? def.decider.decide(resolved, state, meta) : [];
      } catch (error) {
        if (batch.length === 1) throw error;
        decided.push({ ok: false, error });
        continue;
      }
      const before = state;
      state = evolveAll(def, state, events, meta, loaded.version + newEvents.length);
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

function currentOf(ctx: ApiContext, def: AggregateDef, loaded: Pick<Loaded, 'state' | 'version'>) {
  return { ...def.view(loaded.state, ctx.now().toISOString().slice(0, 10)), version: loaded.version };
}

/** The record's events as auditors read them: who, when, which fields (old and new). */
export async function recordHistory(ctx: ApiContext, actor: Actor, aggregate: string, id: string) {
  const loaded = await loadRecord(ctx, actor, aggregate, id, { allowDeleted: true });
  return loaded.events.map((e) => historyEntry({ type: e.type, data: e.data, position: e.position, version: e.version, meta: metaOf(e) }));
}

/** A line write's answer: the line as clients see it with its own version (ETag), and the event's position. */
export function lineReply(state: { lines?: LinesState }, collection: string, lineId: string, r: { version: number; position: string | null }, status = 200) {
  const def = collectionDef(collection);
  const line = state.lines?.[collection]?.[lineId] && linesAsShown(aggregateDef(def.aggregate), state.lines)[collection][lineId];
  if (!line) return writeReply({ id: lineId, deleted: true }, r.version, r.position, status);
  return writeReply(presentLine(def, line), typeof line.version === 'number' ? line.version : r.version, r.position, status);
}

/** Headers and body of a write's answer: the record, its version (ETag) and the event's position. */
export function writeReply(record: Record<string, unknown>, version: number, position: string | null, status = 200) {
  return reply({
    status,
    headers: { ETag: `"${version}"`, ...(position ? { 'X-Position': position } : {}) },
    body: { ...record, version, position },
  });
}
