/**
 * Document numbering: one counter record per account and kind. Writers of a counter queue on its
 * snapshot row (records.ts), so concurrent requests get consecutive, distinct numbers; reads come from
 * the snapshot too, which is the counter's state as of its last event.
 */
import { aggregateDef, documentCounterView, type DocumentCounterState, type DocumentKind } from '@trenchline/domain';
import { streamName } from '@trenchline/event-store';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { executeCommand, loadRecord, writeReply } from '../../platform/records.ts';
import { singletonId } from '../../platform/singletons.ts';

const counterId = (ctx: ApiContext, actor: Actor, kind: DocumentKind) => singletonId(ctx, actor, 'document_counter', kind);

export async function currentNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind) {
  const id = await counterId(ctx, actor, kind);
  const { rows } = await ctx.pool.query<{ state: DocumentCounterState; version: number }>('select state, version from snapshots where stream_id = $1', [streamName('document_counter', id)]);
  const snap = rows[0] ?? (await loadRecord(ctx, actor, 'document_counter', id));
  return { ...documentCounterView(snap.state), version: snap.version };
}

/** Hand out the next number of a kind. */
export async function issueNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind) {
  const id = await counterId(ctx, actor, kind);
  const r = await executeCommand(ctx, actor, 'document_counter', id, { type: 'IssueNumber' });
  return writeReply(aggregateDef('document_counter').view(r.state, ''), r.version, r.position, 201);
}

/** Set a counter (PUT .../{id} with number); the id must be this account's counter of this kind. */
export async function setCurrentNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind, idInPath: string, number: unknown, ifMatch?: number) {
  const id = await counterId(ctx, actor, kind);
  if (idInPath !== id) throw notFound('Counter');
  const r = await executeCommand(ctx, actor, 'document_counter', id, { type: 'SetCurrentNumber', number }, { ifMatch });
  return writeReply(aggregateDef('document_counter').view(r.state, ''), r.version, r.position);
}

export const counterHistoryId = counterId;
