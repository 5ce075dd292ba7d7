/**
 * The one command handler every writer calls (the api, the worker, tests and bench): load a record
 * (its newest snapshot and the events after it: snapshots.ts), decide, append with the version it was
 * decided on (keeping a snapshot when the append crosses a multiple of SNAPSHOT_EVERY), and
 * on a concurrent append decide again on the new state, so rules still hold. An edit is merged by
 * field with what others saved since its author's version (the domain's foldSince / mergeEdit).
 * Event metadata is stamped here and nowhere else; the clock comes in as `now()`.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  aggregateDef,
  collection as collectionDef,
  fold,
  foldSince,
  historyEntry,
  linesAsShown,
  mergeEdit,
  partKey,
  partOf,
  presentLine,
  recordFieldsOf,
  snapshotSchemaOf,
  DomainError,
  type AggregateDef,
  type AnyState,
  type CommandMeta,
  type DomainEvent,
  type EditPart,
  type EditedMark,
  type PartSince,
} from '@trenchline/domain';
import { ANY_VERSION, ConcurrencyError, findRecord, streamName, type AppendResult, type EventStore, type NewEvent, type RecordedEvent } from '@trenchline/event-store';
import { ConflictWithCurrent, FieldConflicts, RecordExists } from './errors.ts';
import { crossesSnapshot, foldable, keepSnapshot, latestAt, nearestSnapshot, type Snapshot } from './snapshots.ts';
import { inTransaction } from './transactions.ts';

/** Who writes, for which account: every event carries it (the clock adds when). */
export type Writer = Omit<CommandMeta, 'at'>;

export type Command = { type: string; [field: string]: unknown };

export interface Loaded<S = AnyState> {
  aggregate: string;
  id: string;
  stream: string;
  state: S;
  version: number;
  position: string | null;
  /** The events folded onto the snapshot the read started from (all of them without one). */
  events: RecordedEvent[];
  /** The account whose events the stream holds (null while it holds none); a record never changes account. */
  accountId?: string | null;
  /** With `follow`: the edited part as its author saw it, now, and what changed in it since. */
  since?: PartSince;
  /**
   * The latest event time folded into `state`, known at `version`: a write keeps a snapshot from it
   * only while both still match (a loaded record carried on past later appends has a stale one).
   */
  maxAt?: { version: number; at: string };
}

/**
 * A write that edits one part of a record (its own fields, or one line), as a client sends it: the
 * values it sent and, when it sent one, the version it last saw. With that version the values are
 * merged by field with what others saved since (a field both changed to different values is a
 * FieldConflicts naming it; nothing is written); without it, the values that differ from the record
 * as it stands are applied. Either way only fields the write changes are written.
 */
export interface Edit {
  part: EditPart;
  values: Record<string, unknown>;
  base?: number;
  /** The command that applies the fields to change. */
  command(values: Record<string, unknown>): Command;
  /** Reads the edited values from the state when they are not the record's fields (a subscription's quantity). */
  read?(state: AnyState): Record<string, unknown>;
}

export interface Executed<S = AnyState> {
  id: string;
  state: S;
  version: number;
  position: string | null;
  events: DomainEvent[];
  /** The instant the events were stamped with. */
  at: string;
}

export interface LoadOptions {
  asOf?: string;
  allowDeleted?: boolean;
  /** A connection in the caller's transaction: the record_index and snapshot look-ups use it. */
  client?: pg.PoolClient;
  follow?: Follow;
}

/**
 * An edited part followed after its author's version. `whenGone`: the author sent no version (a line
 * PUT of the spec's client), so nothing is merged: the read starts from the newest snapshot, and the
 * stream is read from its start only when the part is gone, to say who removed it.
 */
export type Follow = { part: EditPart; since: number; read?: (state: AnyState) => Record<string, unknown>; whenGone?: boolean };

export interface ExecuteOptions {
  /**
   * For the server's own check-then-act (a user not assigned yet): the version the check saw; a
   * mismatch is ConflictWithCurrent. Clients' versions come with an Edit instead.
   */
  expectedVersion?: number;
  /** The record as just loaded for this command: the first attempt decides on it instead of reading again. */
  loaded?: Loaded;
  /** The record is being created under an id just handed out: its stream must be new (else RecordExists). */
  create?: boolean;
  /**
   * Postgres writes that must commit with the events or not at all (a user row with its audit
   * event). They run after deciding, before appending, in the same transaction.
   */
  sideWrites?: (client: pg.PoolClient, decided: { state: AnyState; events: DomainEvent[] }) => Promise<void>;
  /** Read the stream without the account's record_index look-up or the existence check (the worker, tests, bench). */
  unscoped?: boolean;
  /** A log (user app activities): decided on the initial state and appended after whatever the stream holds, never read. */
  appendOnly?: boolean;
}

/** One command of a batch, and what came of it. */
export interface BatchCommand {
  actor: Writer;
  /** A list: the commands and edits of one write, decided in order and appended together or not at all. */
  command: Command | Edit | (Command | Edit)[];
}
export type BatchOutcome = { ok: true; result: Executed } | { ok: false; error: unknown };

export interface CommandHandlerDeps {
  store: EventStore;
  /**
   * The write side's Postgres: record_index look-ups and the transactions of records with rules beyond
   * their stream (unique keys, snapshots, side writes). Without it (test and bench writers) every record
   * is written on its stream alone, unscoped.
   */
  pool?: pg.Pool;
  /** The writer's clock: the only place an event's time comes from. */
  now(): Date;
  /** Fold every read from the stream's first event and keep no snapshots (the bench's baseline). */
  ignoreSnapshots?: boolean;
  /** Keep a snapshot at each multiple of this many events (SNAPSHOT_EVERY; tests take a few). */
  snapshotEvery?: number;
}

export type CommandHandler = ReturnType<typeof commandHandler>;

/** The metadata every stored event carries, from the command that caused it (with what its author sent: EditedMark). */
function stamp(events: DomainEvent[], meta: CommandMeta, edited?: EditedMark | null): NewEvent[] {
  const correlationId = randomUUID();
  // Ids made here, so a snapshot kept with the append can name its last event.
  return events.map((e) => ({ type: e.type, data: e.data, meta: { ...meta, ...(edited !== undefined ? { edited } : {}), correlationId, causationId: null, schemaVersion: 1 }, eventId: randomUUID() }));
}

/**
 * What the author of a command sent (concurrency.ts EditedMark): an edit's part and the fields it
 * changes (`values`, after the merge), or a line command's line and values. Any other command (many
 * lines at once, a rule's own command) sent nothing an object kept by a client holds: null.
 */
function editedOf(c: Command | Edit, values?: Record<string, unknown>): EditedMark | null {
  if (isEdit(c)) return { part: partKey(c.part), fields: Object.keys(values ?? c.values) };
  const line = c as { collection?: unknown; lineId?: unknown; values?: Record<string, unknown> };
  if (typeof line.collection !== 'string' || typeof line.lineId !== 'string') return null;
  return { part: partKey({ kind: 'line', collection: line.collection, lineId: line.lineId }), fields: Object.keys(line.values ?? {}) };
}

/** The envelope fields evolve reads, with the event's version (a line keeps the version that last touched it). */
const metaOf = (e: RecordedEvent) => ({ at: e.meta.at, userId: e.meta.userId, userName: e.meta.userName, version: e.version });

/** The snapshot an append from `loaded` to `version` keeps, or null when it keeps none (or cannot know the fold's latest time). */
function snapshotAfter(loaded: Loaded, version: number, state: AnyState, appended: NewEvent[], every?: number): Snapshot | null {
  if (!crossesSnapshot(loaded.version, version, every) || loaded.maxAt?.version !== loaded.version || !appended.length) return null;
  return { version, state, maxAt: latestAt(loaded.maxAt.at, appended), lastEventId: appended[appended.length - 1].eventId! };
}

const isEdit = (c: Command | Edit): c is Edit => typeof (c as Edit).command === 'function';

/** What to load for a command: an edit follows its part (a line from the start, to say who removed it). */
const followOf = (c: Command | Edit): Follow | undefined => (isEdit(c) && (c.base !== undefined || c.part.kind === 'line') ? { part: c.part, since: c.base ?? 0, read: c.read, ...(c.base === undefined ? { whenGone: true } : {}) } : undefined);

/** Fold new events onto a state, each with the version it takes after `from`. */
function evolveAll(def: AggregateDef, state: AnyState, events: DomainEvent[], meta: CommandMeta, from: number) {
  return events.reduce((s, e, i) => def.decider.evolve(s, e, { ...meta, version: from + i + 1 }), state);
}

const UNIQUE_VIOLATION = '23505';

/** Retries of a write that lost a race without a client's version, with a short jittered pause between. */
const RETRIES = 10;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));

const defOf = (aggregate: string | AggregateDef) => (typeof aggregate === 'string' ? aggregateDef(aggregate) : aggregate);

export function commandHandler(deps: CommandHandlerDeps) {
  const { store } = deps;
  const at = () => deps.now().toISOString();
  // Every event records the role its author had (docs/roles.md), so the trail shows it as it was.
  const metaFor = (w: Writer): CommandMeta => ({ accountId: w.accountId, userId: w.userId, userName: w.userName, ...(w.role ? { role: w.role } : {}), at: at() });
  const poolOf = () => {
    if (!deps.pool) throw new Error('this write needs the command handler’s Postgres pool');
    return deps.pool;
  };
  const fresh = (def: AggregateDef, id: string): Loaded => ({ aggregate: def.name, id, stream: streamName(def.name, id), state: def.decider.initialState, version: 0, position: null, events: [], maxAt: { version: 0, at: '' } });

  /**
   * The stream folded as it is, whoever's it is and whether it holds a record or not: from its newest
   * snapshot (as of a time: the newest whose events are all no later; following an edit: the newest at
   * or before the author's version), or from the first event when it has none.
   */
  async function read<S extends AnyState = AnyState>(aggregate: string | AggregateDef, id: string, opts: Pick<LoadOptions, 'asOf' | 'follow' | 'client'> = {}): Promise<Loaded<S>> {
    const def = defOf(aggregate);
    const stream = streamName(def.name, id);
    if (opts.follow?.whenGone) {
      // Nothing to merge: the part as it stands is all the edit needs, unless it is gone.
      const { whenGone: _, ...follow } = opts.follow;
      const now = await read<S>(def, id, { ...opts, follow: undefined });
      const current = partOf(follow.part, follow.read ?? recordFieldsOf(def))(now.state);
      return current ? { ...now, since: { base: current, current, touches: [], removed: null } } : read<S>(def, id, { ...opts, follow });
    }
    const db = opts.client ?? deps.pool;
    let snap = db && !deps.ignoreSnapshots ? await nearestSnapshot(db, stream, snapshotSchemaOf(def), { asOf: opts.asOf, atMost: opts.follow?.since }) : null;
    let events: RecordedEvent[];
    let at: RecordedEvent | undefined;
    if (snap) {
      // Read from the snapshot's own event: it must be the one the snapshot names, else the snapshot is ignored.
      events = await store.readStream(stream, { fromVersion: snap.version });
      at = events[0];
      if (at?.version === snap.version && at.eventId === snap.lastEventId) events = events.slice(1);
      else {
        snap = null;
        at = undefined;
        events = await store.readStream(stream);
      }
    } else events = await store.readStream(stream);
    const accountId = (at ?? events[0])?.meta.accountId ?? null;
    if (opts.asOf) events = events.filter((e) => e.meta.at <= opts.asOf!);
    const folded = foldable(events);
    const start = snap?.state ?? def.decider.initialState;
    let state;
    let since: PartSince | undefined;
    if (opts.follow) ({ state, since } = foldSince(def.decider, folded, opts.follow.since, partOf(opts.follow.part, opts.follow.read ?? recordFieldsOf(def)), snap ? start : undefined, partKey(opts.follow.part)));
    else state = fold({ initialState: start, evolve: def.decider.evolve }, folded);
    const last = events[events.length - 1] ?? (snap ? at : undefined);
    const version = last?.version ?? 0;
    const maxAt = opts.asOf ? undefined : { version, at: latestAt(snap?.maxAt ?? '', events) };
    return { aggregate: def.name, id, stream, state: state as S, version, position: last?.position ?? null, events, accountId, since, maxAt };
  }

  /**
   * A record of the writer's account, folded; another account's record, or none, is not found.
   * `follow` also follows one part of the record after a version (see Edit).
   */
  async function load<S extends AnyState = AnyState>(writer: Pick<Writer, 'accountId'>, aggregate: string | AggregateDef, id: string, opts: LoadOptions = {}): Promise<Loaded<S>> {
    const def = defOf(aggregate);
    const notFound = () => new DomainError('not_found', `${def.label} not found`);
    if (!/^\d{1,18}$/.test(id)) throw notFound();
    // Inside a write transaction the lookup uses its connection: waiting for a second one from the same
    // pool while holding the first would deadlock once every connection is held that way.
    // Outside a transaction the look-up and the read run at once (the read is answered only if the look-up allows).
    const [rec, loaded] = opts.client
      ? [await findRecord(opts.client, id, writer.accountId), await read<S>(def, id, opts)]
      : await Promise.all([findRecord(poolOf(), id, writer.accountId), read<S>(def, id, opts)]);
    if (!rec || rec.streamId !== streamName(def.name, id)) throw notFound();
    if (!loaded.state.id || (loaded.state.deleted && !opts.allowDeleted)) throw notFound();
    return loaded;
  }

  /** The record as clients see it, with its version: the `current` of a conflict. */
  const currentOf = (def: AggregateDef, loaded: Pick<Loaded, 'state' | 'version'>) => ({ ...def.view(loaded.state, at().slice(0, 10)), version: loaded.version });

  /** The edited part as it now stands, with its version: the record as clients see it, or the line. */
  function currentPartOf(def: AggregateDef, loaded: Loaded, part: EditPart) {
    if (part.kind === 'fields') return currentOf(def, loaded);
    const line = loaded.state.lines?.[part.collection]?.[part.lineId] && linesAsShown(def, loaded.state.lines, undefined, loaded.state)[part.collection][part.lineId];
    return line ? presentLine(collectionDef(part.collection), line) : null;
  }

  /** The command an edit comes to on the record as loaded (null when it changes nothing), and what its author sent. */
  function commandOf(def: AggregateDef, loaded: Loaded, writer: Writer, c: Command | Edit, since = loaded.since): { command: Command | null; edited: EditedMark | null } {
    if (!isEdit(c)) return { command: c, edited: editedOf(c) };
    if (c.part.kind === 'line' && since && !since.current) {
      const noun = collectionDef(c.part.collection).noun;
      if (since.removed) throw new DomainError('gone', `This ${noun.toLowerCase()} was deleted by ${since.removed.userName} at ${since.removed.at}. Nothing was saved.`);
      throw new DomainError('not_found', `${noun} not found`);
    }
    if (c.base === undefined || !since) return { command: c.command(c.values), edited: editedOf(c, c.values) };
    const { values, conflicts } = mergeEdit(since, c.values, writer.userId);
    if (conflicts.length) throw new FieldConflicts(conflicts, currentPartOf(def, loaded, c.part));
    return { command: Object.keys(values).length ? c.command(values) : null, edited: editedOf(c, values) };
  }

  /**
   * What changed in each edited part since its author's version, for a write of several edits (a
   * ticket saved whole with its lines): the stream is read once and each part followed through it.
   * One edit is followed by the load itself (`loaded.since`).
   */
  async function sincesOf(def: AggregateDef, loaded: Loaded, parts: (Command | Edit)[]): Promise<Map<Edit, PartSince | undefined>> {
    const edits = parts.filter(isEdit);
    const out = new Map<Edit, PartSince | undefined>();
    if (parts.length === 1) {
      for (const e of edits) out.set(e, loaded.since);
      return out;
    }
    const followed = edits.filter((e) => followOf(e));
    if (!followed.length) return out;
    const events = foldable((await store.readStream(loaded.stream)).filter((e) => e.version <= loaded.version));
    for (const e of followed) {
      const f = followOf(e)!;
      out.set(e, foldSince(def.decider, events, f.since, partOf(f.part, f.read ?? recordFieldsOf(def)), undefined, partKey(f.part)).since);
    }
    return out;
  }

  /**
   * Commands on other records the write brings (AggregateDef.alongside), decided and appended in its
   * transaction before the record's own events (see executeInTransaction). Each is a setting, not an
   * increment (a ticket's count is what it counts now), so deciding one again adds nothing.
   */
  async function appendAlongside(client: pg.PoolClient, def: AggregateDef, actor: Writer, before: AnyState, after: AnyState): Promise<void> {
    for (const other of def.alongside?.(before, after) ?? []) {
      const odef = defOf(other.aggregate);
      const o = await read(odef, other.id, { client });
      // A record that is gone, or another account's, has nothing to count.
      if (!o.state.id || o.state.deleted || o.accountId !== actor.accountId) continue;
      const meta = metaFor(actor);
      const events = odef.decider.decide(other.command, o.state, meta);
      if (!events.length) continue;
      const stamped = stamp(events, meta, null);
      const res = await store.appendWithin(client, o.stream, stamped, o.version);
      const snap = deps.ignoreSnapshots ? null : snapshotAfter(o, res.version, evolveAll(odef, o.state, events, meta, o.version), stamped, deps.snapshotEvery);
      if (snap) await keepSnapshot(client, o.stream, snapshotSchemaOf(odef), snap);
    }
  }

  /**
   * After a lost race whose other records' appends may have landed without the record's own (the
   * EventStoreDB adapter appends as it goes; Postgres rolled them back, so this finds nothing to do):
   * those records are set back to what the record as it stands brings, in a transaction of their own.
   */
  async function settleAlongside(def: AggregateDef, id: string, actor: Writer, attempted: AnyState) {
    await inTransaction(poolOf(), async (client) => appendAlongside(client, def, actor, attempted, (await read(def, id, { client })).state));
  }

  /** What a lost race comes to when it may not be decided again. */
  async function refusal(def: AggregateDef, writer: Writer, id: string, opts: ExecuteOptions) {
    if (opts.create) return new RecordExists(def.label, id);
    if (opts.expectedVersion !== undefined) return new ConflictWithCurrent(currentOf(def, await load(writer, def, id)));
    return null;
  }

  /**
   * Load a record and check an edit against it without writing: FieldConflicts, gone or not found
   * now, before a rule with writes of its own runs (a job's new coordinator).
   */
  async function check<S extends AnyState = AnyState>(writer: Writer, aggregate: string | AggregateDef, id: string, edit: Edit): Promise<Loaded<S>> {
    const def = defOf(aggregate);
    const loaded = await load<S>(writer, def, id, { follow: followOf(edit) });
    commandOf(def, loaded, writer, edit);
    return loaded;
  }

  /**
   * Decide and append. A list of plain commands is decided in order, each on the state the one before
   * left, and appended together. A concurrent append is retried on the new state: the command is decided
   * again and an edit is merged again against what was saved meanwhile.
   */
  async function execute<S extends AnyState = AnyState>(writer: Writer, aggregate: string | AggregateDef, id: string, command: Command | Edit | (Command | Edit)[], opts: ExecuteOptions = {}): Promise<Executed<S>> {
    const def = defOf(aggregate);
    const commands = Array.isArray(command) ? command : [command];
    const inTransaction = async () => {
      const [outcome] = await executeBatch(def, id, [{ actor: writer, command: commands.length === 1 ? commands[0] : commands }], opts);
      if (!outcome.ok) throw outcome.error;
      return outcome.result as Executed<S>;
    };
    if (opts.sideWrites || (deps.pool && (def.snapshot || def.alongside))) {
      if (commands.length !== 1 && def.snapshot) throw new Error('records with a kept snapshot take one command at a time');
      return inTransaction();
    }
    // A record with a unique key is written in a transaction (its claim moves with the append) only
    // when the write moves its key: every other write of it is the plain append.
    const claims = Boolean(deps.pool && def.unique);
    const follow = commands.length === 1 ? followOf(commands[0]) : undefined;
    for (let attempt = 0; ; attempt++) {
      const loaded: Loaded =
        opts.create || opts.appendOnly
          ? fresh(def, id)
          : attempt === 0 && opts.loaded
            ? opts.loaded
            : opts.unscoped
              ? await read(def, id, { follow })
              : await load(writer, def, id, { follow });
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== loaded.version) throw new ConflictWithCurrent(currentOf(def, loaded));
      let state = loaded.state;
      let meta = metaFor(writer);
      const events: DomainEvent[] = [];
      const toAppend: NewEvent[] = [];
      const sinces = await sincesOf(def, loaded, commands);
      for (const [i, c] of commands.entries()) {
        if (i > 0) meta = metaFor(writer);
        const { command: decided, edited } = commandOf(def, loaded, writer, c, isEdit(c) ? sinces.get(c) : undefined);
        const out = decided ? def.decider.decide(decided, state, meta) : [];
        state = evolveAll(def, state, out, meta, loaded.version + events.length);
        events.push(...out);
        toAppend.push(...stamp(out, meta, edited));
      }
      if (!events.length) return { id, state: loaded.state as S, version: loaded.version, position: loaded.position, events, at: meta.at };
      if (claims && def.unique!.of(loaded.state) !== def.unique!.of(state)) return inTransaction();
      try {
        // A log is never read, so keeps no snapshot; others keep one when the append crosses a multiple of N.
        const snap = opts.appendOnly || !deps.pool || deps.ignoreSnapshots ? null : snapshotAfter(loaded, loaded.version + toAppend.length, state, toAppend, deps.snapshotEvery);
        const res = snap
          ? await appendKeeping(def, loaded.stream, toAppend, loaded.version, snap)
          : await store.append(loaded.stream, toAppend, { expectedVersion: opts.appendOnly ? ANY_VERSION : loaded.version });
        return { id, state: state as S, version: res.version, position: res.position, events, at: meta.at };
      } catch (e) {
        if (!(e instanceof ConcurrencyError)) throw e;
        const refused = await refusal(def, writer, id, opts);
        if (refused) throw refused;
        if (attempt >= RETRIES) throw e;
        await pause(attempt);
      }
    }
  }

  /** Append with the snapshot it crosses to, in one transaction (the store appends within it). */
  async function appendKeeping(def: AggregateDef, stream: string, events: NewEvent[], expectedVersion: number, snap: Snapshot): Promise<AppendResult> {
    return inTransaction(poolOf(), async (client) => {
      const res = await store.appendWithin(client, stream, events, expectedVersion);
      await keepSnapshot(client, stream, snapshotSchemaOf(def), snap);
      return res;
    });
  }

  /**
   * Several commands on one record in one transaction, each decided on the state the ones before it
   * left and each event stamped with its own writer: the document counters answer every waiting
   * request with one commit instead of one commit each. A command a rule refuses fails alone. Retries
   * a lost race like execute.
   */
  async function executeBatch(aggregate: string | AggregateDef, id: string, batch: BatchCommand[], opts: ExecuteOptions = {}): Promise<BatchOutcome[]> {
    const def = defOf(aggregate);
    if (batch.length > 1 && (def.unique || def.alongside || opts.sideWrites || opts.expectedVersion !== undefined || opts.create || batch.some((b) => Array.isArray(b.command) || isEdit(b.command)))) throw new Error('only plain commands can be batched');
    for (let attempt = 0; ; attempt++) {
      const landed: Landed = {};
      try {
        return await executeInTransaction(def, id, batch, opts, landed);
      } catch (e) {
        if (!(e instanceof ConcurrencyError)) throw e;
        if (landed.after) await settleAlongside(def, id, batch[0].actor, landed.after);
        const refused = await refusal(def, batch[0].actor, id, opts);
        if (refused) throw refused;
        if (attempt >= RETRIES) throw e;
        await pause(attempt);
      }
    }
  }

  /**
   * The write path of records with rules beyond their own stream: unique keys claimed, side writes and
   * the events committed in one Postgres transaction (the store appends within it). Records with a
   * snapshot lock its row first, so their writers queue instead of conflicting, and decide from it.
   */
  async function executeInTransaction(def: AggregateDef, id: string, batch: BatchCommand[], opts: ExecuteOptions, landed: Landed = {}): Promise<BatchOutcome[]> {
    const stream = streamName(def.name, id);
    const client = await poolOf().connect();
    try {
      await client.query('begin');
      let loaded: Loaded | null = null;
      const first = batch[0].command;
      const follow = Array.isArray(first) ? (first.length === 1 ? followOf(first[0]) : undefined) : followOf(first);
      const schema = snapshotSchemaOf(def);
      if (def.snapshot) {
        const { rows } = await client.query<{ state: AnyState; version: number; schema: string | null; max_at: string | null }>(
          'select state, version, schema, max_at from snapshots where stream_id = $1 for update',
          [stream],
        );
        const row = rows[0];
        // An edit from a version reads the stream, to see what changed since; so does a row of another fold.
        if (row && !follow && row.schema === schema && row.max_at !== null)
          loaded = { aggregate: def.name, id, stream, state: row.state, version: row.version, position: null, events: [], maxAt: { version: row.version, at: row.max_at } };
        // No snapshot yet: the stream's first writers queue on a lock of their own.
        else if (!row) await client.query('select pg_advisory_xact_lock(hashtext($1))', [stream]);
      }
      loaded ??= opts.create ? fresh(def, id) : opts.unscoped ? await read(def, id, { follow, client }) : await load(batch[0].actor, def, id, { client, follow });
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== loaded.version) throw new ConflictWithCurrent(currentOf(def, loaded));
      // A counter passes by the numbers other records hold already (AggregateDef.skipsClaimed).
      const held = def.skipsClaimed ? await heldNumbers(client, batch[0].actor.accountId, def.skipsClaimed(loaded.state), batch.length) : null;

      let state = loaded.state;
      const newEvents: NewEvent[] = [];
      const decided: ({ ok: true; state: AnyState; events: DomainEvent[]; upTo: number; at: string } | { ok: false; error: unknown })[] = [];
      for (const { actor, command } of batch) {
        const parts = Array.isArray(command) ? command : [command];
        const sinces = await sincesOf(def, loaded, parts);
        const before = state;
        let events: DomainEvent[] = [];
        const stamped: NewEvent[] = [];
        let at = '';
        try {
          // The parts of one write are decided in order, each on the state the one before left.
          let partState = state;
          for (const part of parts) {
            const meta = metaFor(actor);
            at = meta.at;
            const resolved = commandOf(def, loaded, actor, held && !isEdit(part) ? { ...part, held } : part, isEdit(part) ? sinces.get(part) : undefined);
            const out = resolved.command ? def.decider.decide(resolved.command, partState, meta) : [];
            partState = evolveAll(def, partState, out, meta, loaded.version + newEvents.length + events.length);
            events = [...events, ...out];
            stamped.push(...stamp(out, meta, resolved.edited));
          }
          state = partState;
        } catch (error) {
          if (batch.length === 1) throw error;
          decided.push({ ok: false, error });
          continue;
        }
        if (def.unique && events.length) await claimUniqueKey(client, def, actor.accountId, id, before, state);
        newEvents.push(...stamped);
        decided.push({ ok: true, state, events, upTo: newEvents.length, at });
      }
      await opts.sideWrites?.(client, { state, events: decided.flatMap((d) => (d.ok ? d.events : [])) });
      let res: AppendResult = { version: loaded.version, position: loaded.position ?? '' };
      if (newEvents.length) {
        // The other records' commands first and the record's own events last: where appends land as
        // they are made (EventStoreDB), the record never shows a change its other records lack, and a
        // retry decides them again, to the same setting (docs/architecture.md "One write of several parts").
        if (def.alongside) {
          landed.after = state;
          await appendAlongside(client, def, batch[0].actor, loaded.state, state);
        }
        res = await store.appendWithin(client, stream, newEvents, loaded.version);
        const snap = deps.ignoreSnapshots ? null : snapshotAfter(loaded, res.version, state, newEvents, deps.snapshotEvery);
        if (snap) await keepSnapshot(client, stream, schema, snap);
        if (def.snapshot) {
          await client.query(
            `insert into snapshots (stream_id, version, state, schema, max_at) values ($1, $2, $3, $4, $5)
             on conflict (stream_id) do update set version = excluded.version, state = excluded.state, schema = excluded.schema, max_at = excluded.max_at`,
            [stream, res.version, JSON.stringify(state), schema, loaded.maxAt?.version === loaded.version ? latestAt(loaded.maxAt.at, newEvents) : null],
          );
        }
      }
      await client.query('commit');
      // The record's own append is the last, so a reader waiting for its position sees the other records' changes too.
      const position = newEvents.length ? res.position : loaded.position;
      return decided.map((d) =>
        d.ok ? { ok: true as const, result: { id, state: d.state, version: loaded!.version + d.upTo, position, events: d.events, at: d.at } } : d,
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

  /** The record's events as auditors read them: who, when, which fields (old and new). */
  async function history(writer: Writer, aggregate: string | AggregateDef, id: string) {
    const loaded = await load(writer, aggregate, id, { allowDeleted: true });
    // Every event, not only those after the snapshot the load started from.
    const events = loaded.events.length === loaded.version ? loaded.events : await store.readStream(loaded.stream);
    return events.map((e) => historyEntry({ type: e.type, data: e.data, position: e.position, version: e.version, meta: metaOf(e) }));
  }

  return { read, load, check, execute, executeBatch, history, currentOf };
}

/** What a write's attempt has appended to other records before its own append (executeInTransaction). */
interface Landed {
  after?: AnyState;
}

/** How far past a counter's number the handler looks for numbers held already; one held beyond is refused by its record's own claim. */
const HELD_WINDOW = 200;

/** Which of the `count` (+ HELD_WINDOW) numbers after `after` records of `scope` hold in unique_claims: one look-up by key. */
async function heldNumbers(client: pg.PoolClient, accountId: string, skip: { scope: string; after: number } | null, count: number): Promise<number[] | null> {
  if (!skip) return null;
  const candidates = Array.from({ length: count + HELD_WINDOW }, (_, i) => String(skip.after + 1 + i));
  const { rows } = await client.query<{ key: string }>('select key from unique_claims where account_id = $1 and scope = $2 and key = any($3::text[])', [accountId, skip.scope, candidates]);
  return rows.map((r) => Number(r.key));
}

/** Move the record's claim on its unique key; another live record holding the key refuses the command. */
async function claimUniqueKey(client: pg.PoolClient, def: AggregateDef, accountId: string, id: string, before: AnyState, after: AnyState) {
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
