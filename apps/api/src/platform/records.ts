/**
 * The api's side of the command handler (@trenchline/platform): the acting user from the session,
 * the request's context, and the answers of writes. Loading, deciding, appending, merging edits and
 * retrying are the handler's.
 */
import { aggregateDef, collection as collectionDef, linesAsShown, presentLine, type AggregateDef, type AnyState, type LinesState } from '@trenchline/domain';
import { commandHandler, type BatchCommand, type BatchOutcome, type Command, type CommandHandler, type Edit, type ExecuteOptions, type Executed, type LoadOptions, type Loaded } from '@trenchline/platform';
import type { Actor, ApiContext } from './context.ts';
import { reply } from './routes.ts';

export type { BatchCommand, BatchOutcome, Edit, ExecuteOptions, Executed, Loaded };

const handlers = new WeakMap<ApiContext, CommandHandler>();

/** The context's command handler, made once: its store, its write pool and its clock. */
export function commandsOf(ctx: ApiContext): CommandHandler {
  let h = handlers.get(ctx);
  if (!h) handlers.set(ctx, (h = commandHandler({ store: ctx.store, pool: ctx.pool, now: () => ctx.now() })));
  return h;
}

/** Read and fold a record of the caller's account; another account's record, or none, is 404. */
export const loadRecord = <S extends AnyState = AnyState>(ctx: ApiContext, actor: Actor, aggregate: string, id: string, opts: LoadOptions = {}): Promise<Loaded<S>> =>
  commandsOf(ctx).load<S>(actor, aggregate, id, opts);

/** Check an edit against the record without writing: a 409, 410 or 404 now (see the handler's check). */
export const checkEdit = <S extends AnyState = AnyState>(ctx: ApiContext, actor: Actor, aggregate: string, id: string, edit: Edit): Promise<Loaded<S>> =>
  commandsOf(ctx).check<S>(actor, aggregate, id, edit);

/** Decide and append as the caller (see the handler's execute). */
export const executeCommand = <S extends AnyState = AnyState>(ctx: ApiContext, actor: Actor, aggregate: string | AggregateDef, id: string, command: Command | Edit | (Command | Edit)[], opts: ExecuteOptions = {}): Promise<Executed<S>> =>
  commandsOf(ctx).execute<S>(actor, aggregate, id, command, opts);

/** Several commands on one record in one transaction (see the handler's executeBatch). */
export const executeBatch = (ctx: ApiContext, aggregate: string, id: string, batch: BatchCommand[], opts: ExecuteOptions = {}): Promise<BatchOutcome[]> =>
  commandsOf(ctx).executeBatch(aggregate, id, batch, opts);

/** The record's events as auditors read them: who, when, which fields (old and new). */
export const recordHistory = (ctx: ApiContext, actor: Actor, aggregate: string, id: string) => commandsOf(ctx).history(actor, aggregate, id);

/**
 * A line write's answer: the line as clients see it with its own version (ETag), and the event's
 * position; `today` for what counts days (a permit's days left), `extra` for what the write says
 * (an ORCA rule's message).
 */
export function lineReply(state: { id: string | null; deleted: boolean; lines?: LinesState }, collection: string, lineId: string, r: { version: number; position: string | null }, status = 200, o: { today?: string; extra?: Record<string, unknown> } = {}) {
  const def = collectionDef(collection);
  const line = state.lines?.[collection]?.[lineId] && linesAsShown(aggregateDef(def.aggregate), state.lines, o.today, state)[collection][lineId];
  if (!line) return writeReply({ id: lineId, deleted: true, ...o.extra }, r.version, r.position, status);
  return writeReply({ ...presentLine(def, line), ...o.extra }, typeof line.version === 'number' ? line.version : r.version, r.position, status);
}

/** Headers and body of a write's answer: the record, its version (ETag) and the event's position. */
export function writeReply(record: Record<string, unknown>, version: number, position: string | null, status = 200) {
  return reply({
    status,
    headers: { ETag: `"${version}"`, ...(position ? { 'X-Position': position } : {}) },
    body: { ...record, version, position },
  });
}
