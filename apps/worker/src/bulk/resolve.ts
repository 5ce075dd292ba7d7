/**
 * The selection resolved once, at the start, into the operation's stored list of record ids (in
 * order), so edits made while it runs do not change what the user chose. Written in one transaction
 * with the total: a worker killed while resolving leaves nothing, and the retry resolves again.
 */
import { type BulkListName, type BulkSelection } from '@trenchline/domain';
import { matchingIds } from '@trenchline/read-model';
import type { Knex } from 'knex';
import { today, type WorkerContext } from '../context.ts';

/** Resolves the selection (unless a worker did already) and answers the total. */
export async function resolveSelection(ctx: WorkerContext, operationId: string, accountId: string, list: BulkListName, selection: BulkSelection): Promise<number> {
  const day = today(ctx);
  if ('file' in selection) throw new Error('an import resolves its file (bulk/import.ts)');
  return resolveRecords(ctx, operationId, async function* (trx) {
    if ('ids' in selection) yield selection.ids;
    else yield* matchingIds(trx, list, accountId, selection.filter, { today: day, except: selection.except, asOf: asOfOf(selection) });
  });
}

/** The moment a selection's filter reads its list as of (`as_of`, a report's), if any. */
export const asOfOf = (selection: BulkSelection): string | undefined => ('filter' in selection && typeof selection.filter.as_of === 'string' ? selection.filter.as_of : undefined);

/**
 * Stores the record ids `source` gives, in order, as the operation's records (unless a worker did
 * already), with the total, in one transaction; `source` runs only when they are not stored yet.
 */
export async function resolveRecords(ctx: WorkerContext, operationId: string, source: (trx: Knex.Transaction) => AsyncIterable<string[]>): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    // Two workers on one operation (a stalled job run again) resolve it once: the row lock orders them.
    const row = await trx('bulk_operations').where({ id: operationId }).forUpdate().first('total');
    if (!row) throw new Error(`bulk operation ${operationId} has no progress row`);
    if (row.total !== null) return row.total;
    let position = 0;
    // Each batch of ids as one array parameter, numbered from where the last batch ended.
    const insert = async (ids: string[]) => {
      if (!ids.length) return;
      await trx.raw(
        'insert into bulk_operation_records (operation_id, position, record_id) select ?::bigint, ?::int + ord::int - 1, id from unnest(?::bigint[]) with ordinality as t(id, ord)',
        [operationId, position, ids],
      );
      position += ids.length;
    };
    for await (const ids of source(trx)) await insert(ids);
    await trx('bulk_operations').where({ id: operationId }).update({ total: position, status: 'running', updated_at: ctx.now() });
    return position;
  });
}

/** The stored ids still pending, in order, a batch at a time. */
export const pendingRecords = (ctx: WorkerContext, operationId: string, limit: number) =>
  ctx.db('bulk_operation_records').where({ operation_id: operationId, state: 'pending' }).orderBy('position').limit(limit).select<{ position: number; record_id: string }[]>('position', 'record_id');

/** How many records are done and failed so far (a resumed worker counts on from here). */
export async function countsOf(ctx: WorkerContext, operationId: string) {
  const rows = await ctx.db('bulk_operation_records').where({ operation_id: operationId }).whereRaw("state in ('done', 'failed')").groupBy('state').select<{ state: string; n: string }[]>('state', ctx.db.raw('count(*) as n'));
  const of = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
  return { done: of('done'), failed: of('failed') };
}

/** Every stored id of the operation, in order (zip and report read them all; ids are small). */
export const resolvedIds = async (ctx: WorkerContext, operationId: string) =>
  (await ctx.db('bulk_operation_records').where({ operation_id: operationId }).orderBy('position').select<{ record_id: string }[]>('record_id')).map((r) => String(r.record_id));
