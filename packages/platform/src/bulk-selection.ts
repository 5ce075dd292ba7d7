/**
 * What a bulk action acts on: "all that match" a list's explicit filter, minus the rows the user
 * unticked, read in id batches (keyset), so 100,000 rows are never held at once. The filter keeps the
 * list call's meaning (toggles, date range, words).
 *
 * Interim: until the list engine (packages/platform/src/lists/, contract §1: `listFilterSchema`,
 * `matchingIds`) lands, this file holds the same filter as today's list routes; then it delegates.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { aggregateDef, BULK_LISTS, type BulkListName } from '@trenchline/domain';

const bool = z.enum(['t', 'f', 'true', 'false'], { message: 'must be t or f' }).transform((v) => v === 't' || v === 'true');
const day = z.iso.date({ message: 'must be a date YYYY-MM-DD' });
const words = z.string().max(200);

const ranged = z.object({ active: bool.optional(), archived: bool.optional(), start_date: day.optional(), end_date: day.optional(), stop_date: day.optional(), live_and_future: bool.optional(), q: words.optional() }).strict();
const bids = z.object({ archived: bool.optional(), market: z.string().max(20).optional(), q: words.optional() }).strict();

/** The date columns of a date-ranged list: a record is in range when its span [start or creation day, due] overlaps it. */
const RANGES: Partial<Record<BulkListName, { due: string; start: string; created: string }>> = {
  jobs: { due: 'completion_date', start: 'start_date', created: 'created_on' },
  projects: { due: 'due_date', start: 'start_date', created: 'created_on' },
};

/** The filter params a list takes (the list call's query minus paging); an unknown key is a 400 naming it. */
export const bulkFilterSchema = (list: BulkListName) => (RANGES[list] ? ranged : bids);
export type BulkFilter = z.infer<typeof ranged> & z.infer<typeof bids>;

/** `%`, `_` and `\` stand for themselves in a search word. */
const likeWord = (word: string) => `%${word.replace(/[%_\\]/g, '\\$&')}%`;

function narrow(q: Knex.QueryBuilder, list: BulkListName, f: BulkFilter) {
  const range = RANGES[list];
  if (range) {
    const active = f.active ?? true;
    const archived = f.archived ?? false;
    q.whereIn('archived', [...(active ? [false] : []), ...(archived ? [true] : [])]);
    const to = f.end_date ?? f.stop_date;
    if (to && !f.live_and_future) q.whereRaw('coalesce(??, ??) <= ?', [range.start, range.created, to]);
    if (f.start_date) q.where((w) => w.whereNull(range.due).orWhere(range.due, '>=', f.start_date!));
  } else {
    q.where('archived', f.archived ?? false);
    if (f.market) q.where('market', f.market);
  }
  if (f.q) for (const word of f.q.toLowerCase().split(/\s+/).filter(Boolean)) q.whereRaw('search like ?', [likeWord(word)]);
}

/** Ids of the list's rows matching `filter` (parsed by bulkFilterSchema), minus `except`, in id batches ascending. */
export async function* matchingRecordIds(db: Knex, list: BulkListName, accountId: string, filter: Record<string, unknown>, o: { except?: string[]; batch?: number } = {}): AsyncIterable<string[]> {
  const f = bulkFilterSchema(list).parse(filter) as BulkFilter;
  const table = aggregateDef(BULK_LISTS[list].aggregate).list!;
  const except = new Set(o.except ?? []);
  const size = o.batch ?? 1000;
  let after = '0';
  for (;;) {
    const q = db(table).where({ account_id: accountId, deleted: false }).andWhere('id', '>', after).orderBy('id').limit(size).select<{ id: string }[]>('id');
    narrow(q, list, f);
    const rows = await q;
    if (!rows.length) return;
    after = String(rows[rows.length - 1].id);
    const ids = rows.map((r) => String(r.id)).filter((id) => !except.has(id));
    if (ids.length) yield ids;
    if (rows.length < size) return;
  }
}
