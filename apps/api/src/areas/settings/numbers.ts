/**
 * Document numbering: one counter record per account and kind. Writers of a counter queue on its
 * snapshot row (records.ts), so concurrent requests get consecutive, distinct numbers; reads come from
 * the snapshot too, which is the counter's state as of its last event.
 *
 * Requests for numbers of one counter that arrive while a commit is in flight wait and are answered
 * together by the next commit (one event per number, each stamped with its requester): the commits
 * of one counter are serial, so one commit per request would cap a counter at one fsync per number.
 */
import { aggregateDef, documentCounterView, type DocumentCounterState, type DocumentKind } from '@trenchline/domain';
import { streamName } from '@trenchline/event-store';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { executeBatch, executeCommand, loadRecord, writeReply, type Edit, type Executed } from '../../platform/records.ts';
import { RECORD_FIELDS } from '../../platform/record-routes.ts';
import { singletonId } from '../../platform/singletons.ts';

export const counterId = (ctx: ApiContext, actor: Actor, kind: DocumentKind) => singletonId(ctx, actor, 'document_counter', kind);

export async function currentNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind, asOf?: string) {
  const id = await counterId(ctx, actor, kind);
  if (asOf) {
    const then = await loadRecord<DocumentCounterState>(ctx, actor, 'document_counter', id, { asOf });
    return { ...documentCounterView(then.state), version: then.version, as_of: asOf };
  }
  const { rows } = await ctx.pool.query<{ state: DocumentCounterState; version: number }>('select state, version from snapshots where stream_id = $1', [streamName('document_counter', id)]);
  const snap = rows[0] ?? (await loadRecord(ctx, actor, 'document_counter', id));
  return { ...documentCounterView(snap.state), version: snap.version };
}

interface Waiter {
  actor: Actor;
  resolve(r: Executed): void;
  reject(e: unknown): void;
}
/** Per API context (tests run several in one process), per counter: who waits, and whether a commit is in flight. */
const queues = new WeakMap<ApiContext, Map<string, { waiting: Waiter[]; busy: boolean }>>();
const MAX_BATCH = 200;

async function drain(ctx: ApiContext, id: string, q: { waiting: Waiter[]; busy: boolean }) {
  q.busy = true;
  try {
    while (q.waiting.length) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      try {
        const outcomes = await executeBatch(ctx, 'document_counter', id, batch.map((w) => ({ actor: w.actor, command: { type: 'IssueNumber' } })));
        outcomes.forEach((o, i) => (o.ok ? batch[i].resolve(o.result) : batch[i].reject(o.error)));
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
  } finally {
    q.busy = false;
  }
}

/** Hand out the next number of a kind. */
export async function issueNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind) {
  const id = await counterId(ctx, actor, kind);
  let byCounter = queues.get(ctx);
  if (!byCounter) queues.set(ctx, (byCounter = new Map()));
  let q = byCounter.get(id);
  if (!q) byCounter.set(id, (q = { waiting: [], busy: false }));
  const r = await new Promise<Executed>((resolve, reject) => {
    q.waiting.push({ actor, resolve, reject });
    if (!q.busy) void drain(ctx, id, q);
  });
  return writeReply(aggregateDef('document_counter').view(r.state, ''), r.version, r.position, 201);
}

/** Set a counter (PUT .../{id} with number); the id must be this account's counter of this kind. */
export async function setCurrentNumber(ctx: ApiContext, actor: Actor, kind: DocumentKind, idInPath: string, number: unknown, baseVersion?: number) {
  const id = await counterId(ctx, actor, kind);
  if (idInPath !== id) throw notFound('Counter');
  // From a version: a number someone handed out or set since, other than this one, is a 409 naming it.
  const edit: Edit = { part: RECORD_FIELDS, values: { number }, base: baseVersion, command: (v) => ({ type: 'SetCurrentNumber', number: v.number }) };
  const r = await executeCommand(ctx, actor, 'document_counter', id, edit);
  return writeReply(aggregateDef('document_counter').view(r.state, ''), r.version, r.position);
}


