/**
 * The document counters' calls: one counter record per account and kind, opened on first use;
 * numbers are handed out by the platform's counters (packages/platform/src/counters.ts), which queue
 * the requests for one counter. Reads come from the counter's snapshot, its state as of its last event.
 */
import { aggregateDef, documentCounterView, type DocumentCounterState, type DocumentKind } from '@trenchline/domain';
import { streamName } from '@trenchline/event-store';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { COUNTER_AGGREGATE, issueNumber as issueFrom } from '@trenchline/platform';
import { commandsOf, executeCommand, loadRecord, writeReply, type Edit } from '../../platform/records.ts';
import { RECORD_FIELDS } from '../../platform/record-routes.ts';
import { counterId } from '../../platform/counters.ts';

/** A counter's state now: its snapshot (the state as of its last event), or its fold when it has none yet. */
async function counterNow(ctx: ApiContext, actor: Actor, id: string): Promise<{ state: DocumentCounterState; version: number }> {
  const { rows } = await ctx.pool.query<{ state: DocumentCounterState; version: number }>('select state, version from snapshots where stream_id = $1', [streamName(COUNTER_AGGREGATE, id)]);
  return rows[0] ?? (await loadRecord<DocumentCounterState>(ctx, actor, COUNTER_AGGREGATE, id));
}

export async function currentNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind, asOf?: string) {
  const id = await counterId(ctx, actor, kind);
  if (asOf) {
    const then = await loadRecord<DocumentCounterState>(ctx, actor, COUNTER_AGGREGATE, id, { asOf });
    return { ...documentCounterView(then.state), version: then.version, as_of: asOf };
  }
  const snap = await counterNow(ctx, actor, id);
  return { ...documentCounterView(snap.state), version: snap.version };
}

/**
 * Someone set one of the account's counters by hand: one read of the counters' snapshots (their state as of
 * their last event), opening none (a GET writes nothing) and reading no stream of every number handed out.
 */
export async function anyCounterSetByHand(ctx: ApiContext, actor: Actor): Promise<boolean> {
  const { rows } = await ctx.pool.query(
    `select 1 from account_records r join snapshots s on s.stream_id = $2 || r.id::text
      where r.account_id = $1 and r.key like $3 and (s.state->>'set_by_hand')::boolean limit 1`,
    [actor.accountId, streamName(COUNTER_AGGREGATE, ''), `${COUNTER_AGGREGATE}:%`],
  );
  return rows.length > 0;
}

/** Hand out the next number of a kind (the platform's counters queue the requests for one counter). */
export async function issueNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind) {
  const r = await issueFrom(commandsOf(ctx), actor, await counterId(ctx, actor, kind));
  return writeReply(aggregateDef(COUNTER_AGGREGATE).view(r.state, ''), r.version, r.position, 201);
}

/** Set a counter (PUT .../{id} with number); the id must be this account's counter of this kind. */
export async function setCurrentNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind, idInPath: string, number: unknown, baseVersion?: number) {
  const id = await counterId(ctx, actor, kind);
  if (idInPath !== id) throw notFound('Counter');
  // From a version: a number someone handed out or set since, other than this one, is a 409 naming it.
  const edit: Edit = { part: RECORD_FIELDS, values: { number }, base: baseVersion, command: (v) => ({ type: 'SetCurrentNumber', number: v.number }) };
  const r = await executeCommand(ctx, actor, COUNTER_AGGREGATE, id, edit);
  return writeReply(aggregateDef(COUNTER_AGGREGATE).view(r.state, ''), r.version, r.position);
}


