/**
 * Reading the account's trail (docs/audit-trail.md), for the api's page and the worker's export alike:
 * the filter as SQL, a page newest first, a count capped at TRAIL_COUNT_CAP, batches by position for
 * an export, and rows as clients see them (the record's current number, title and page, a line's number,
 * what happened in words).
 */
import type { Knex } from 'knex';
import { aggregates, collection as collectionDef, lineLabel, recordShown, trailSummary, type TrailChange } from '@trenchline/domain';
import { whereAny } from '@trenchline/platform';

/** What the trail is narrowed by; each one given narrows it further. */
export interface TrailFilter {
  /** ISO date-time, or a date (from its start, UTC). */
  from?: string;
  /** ISO date-time, or a date (to its end, UTC). */
  to?: string;
  user?: string;
  area?: string;
  record?: string;
  type?: string;
  /** Words, each of which must be in the row's words. */
  q?: string;
}

/** Counted exactly up to here; past it the answer says `count_capped` (a million-row count per page costs seconds). */
export const TRAIL_COUNT_CAP = 10_000;

/** One row as clients see it (the contract of GET /api/audit/). */
export interface TrailEntry {
  position: string;
  at: string;
  user_id: string | null;
  user_name: string | null;
  role: string | null;
  area: string;
  aggregate: string;
  record_id: string;
  record_number: string | null;
  record_title: string | null;
  record_path: string | null;
  type: string;
  summary: string;
  changes: TrailChange[];
}

/** A row as the table keeps it: the event's fields, its position's parts and its line, names read later. */
interface StoredRow extends Pick<TrailEntry, 'position' | 'user_id' | 'user_name' | 'role' | 'area' | 'aggregate' | 'record_id' | 'type'> {
  major: string;
  minor: string;
  at: Date;
  collection: string | null;
  line_id: string | null;
  changes: { field: string; old: unknown; new: unknown }[];
}

const COLUMNS = ['position', 'major', 'minor', 'at', 'user_id', 'user_name', 'role', 'area', 'aggregate', 'record_id', 'collection', 'line_id', 'type', 'changes'];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();
/** A word of `q` as a LIKE pattern: `%`, `_` and `\` are literal. */
const likeWord = (w: string) => `%${w.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The account's trail rows the filter keeps. */
export function trailQuery(db: Knex, accountId: string, f: TrailFilter): Knex.QueryBuilder {
  const q = db('audit_trail').where('account_id', accountId);
  if (f.from) q.where('at', '>=', DATE_ONLY.test(f.from) ? `${f.from}T00:00:00Z` : f.from);
  if (f.to) q.where('at', DATE_ONLY.test(f.to) ? '<' : '<=', DATE_ONLY.test(f.to) ? nextDay(f.to) : f.to);
  if (f.user) q.where('user_id', f.user);
  if (f.area) q.where('area', f.area);
  if (f.record) q.where('record_id', f.record);
  if (f.type) q.where('type', f.type);
  for (const w of (f.q ?? '').split(/\s+/).filter(Boolean)) q.whereRaw(`search like ? escape '\\'`, [likeWord(w)]);
  return q;
}

/** Newest first: by when, then by the store's order (two events of one instant). */
const newestFirst = [
  { column: 'at', order: 'desc' },
  { column: 'major', order: 'desc' },
  { column: 'minor', order: 'desc' },
] as const;

/** One page, newest first. */
export async function trailPage(db: Knex, accountId: string, f: TrailFilter, o: { page: number; pageSize: number }): Promise<TrailEntry[]> {
  // The page's positions first, from an index alone (the rows skipped are never read from the table), then only its rows.
  const page = trailQuery(db, accountId, f).orderBy([...newestFirst]).offset((o.page - 1) * o.pageSize).limit(o.pageSize).select('at', 'major', 'minor');
  const rows: StoredRow[] = await db('audit_trail as t')
    .join(page.as('p'), (j) => j.on('t.at', 'p.at').andOn('t.major', 'p.major').andOn('t.minor', 'p.minor'))
    .where('t.account_id', accountId)
    .orderBy(newestFirst.map((c) => ({ ...c, column: `t.${c.column}` })))
    .select(COLUMNS.map((c) => `t.${c}`));
  return presentTrail(db, accountId, rows);
}

/** How many rows match, counted up to TRAIL_COUNT_CAP: past it `capped` and the cap. */
export async function trailCount(db: Knex, accountId: string, f: TrailFilter): Promise<{ count: number; capped: boolean }> {
  const inner = trailQuery(db, accountId, f).select(db.raw('1')).limit(TRAIL_COUNT_CAP + 1);
  const [{ n }] = await db.from(inner.as('t')).count({ n: '*' });
  const count = Number(n);
  return count > TRAIL_COUNT_CAP ? { count: TRAIL_COUNT_CAP, capped: true } : { count, capped: false };
}

/** The matching rows newest first in batches (keyset by time and position), each presented: an export never holds the whole trail. */
export async function* trailBatches(db: Knex, accountId: string, f: TrailFilter, o: { batch?: number; max?: number } = {}): AsyncGenerator<TrailEntry[]> {
  const size = o.batch ?? 2000;
  let left = o.max ?? Infinity;
  let after: { at: Date; major: string; minor: string } | null = null;
  while (left > 0) {
    const q = trailQuery(db, accountId, f);
    if (after) q.whereRaw('(at, major, minor) < (?::timestamptz, ?::bigint, ?::bigint)', [after.at, after.major, after.minor]);
    const rows: StoredRow[] = await q.orderBy([...newestFirst]).limit(Math.min(size, left)).select(COLUMNS);
    if (!rows.length) return;
    yield await presentTrail(db, accountId, rows);
    left -= rows.length;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}

/** The view fields a record's name and page come from (its declared ones, else the usual ones). */
function shownFields(aggregate: string): string[] {
  const def = aggregates[aggregate];
  const d = def?.shownAs ?? {};
  const inPage = [...(d.page ?? '').matchAll(/:(\w+)/g)].map((m) => m[1]);
  return [...new Set([d.number ?? `account_${aggregate}_number`, `${aggregate}_number`, d.title ?? 'title', 'name', 'subject', ...(def?.catalog ? [def.catalog.nameField] : []), ...inPage])];
}

/**
 * Rows as clients see them: each record's current number and title from its list row (one query per
 * kind of record on the page; a deleted record's row is kept, so it is named too) and each line's
 * current number from the lines read model (one query), then what happened in words.
 */
export async function presentTrail(db: Knex, accountId: string, rows: StoredRow[]): Promise<TrailEntry[]> {
  const byAggregate = new Map<string, Set<string>>();
  for (const r of rows) byAggregate.set(r.aggregate, (byAggregate.get(r.aggregate) ?? new Set()).add(r.record_id));
  const views = new Map<string, Record<string, unknown>>();
  await Promise.all(
    [...byAggregate].map(async ([aggregate, ids]) => {
      const list = aggregates[aggregate]?.list;
      if (!list) return;
      const fields = shownFields(aggregate);
      const found: { id: string; v: Record<string, unknown> }[] = await whereAny(db(list).where('account_id', accountId), 'id', [...ids].filter((id) => /^\d{1,18}$/.test(id))).select(
        'id',
        db.raw(`jsonb_build_object(${fields.map(() => '?::text, view->?').join(', ')}) as v`, fields.flatMap((k) => [k, k])),
      );
      for (const f of found) views.set(`${aggregate}-${f.id}`, f.v);
    }),
  );
  const lineIds = [...new Set(rows.flatMap((r) => (r.line_id && /^\d{1,18}$/.test(r.line_id) ? [r.line_id] : [])))];
  const lines = new Map<string, Record<string, unknown>>();
  if (lineIds.length) for (const l of await whereAny(db('collection_lines').where('account_id', accountId), 'id', lineIds).select('id', 'line')) lines.set(String(l.id), l.line);
  return rows.map((r) => {
    const def = aggregates[r.aggregate];
    const shown = def ? recordShown(def, r.record_id, views.get(`${r.aggregate}-${r.record_id}`)) : { number: null, title: null, page: null };
    const lineDef = r.collection ? safeCollection(r.collection) : null;
    const label = lineDef && r.line_id ? (lineLabel(lineDef, lines.get(r.line_id)) ?? (r.type.endsWith('Added') ? lineLabel(lineDef, Object.fromEntries(r.changes.map((c) => [c.field, c.new]))) : null)) : null;
    const changes = r.changes.map((c) => ({ field: c.field, line: label, old: c.old ?? null, new: c.new ?? null }));
    return {
      position: r.position,
      at: new Date(r.at).toISOString(),
      user_id: r.user_id,
      user_name: r.user_name,
      role: r.role,
      area: r.area,
      aggregate: r.aggregate,
      record_id: r.record_id,
      record_number: shown.number,
      record_title: shown.title,
      record_path: shown.page,
      type: r.type,
      summary: trailSummary({ type: r.type, record: { label: def?.label ?? r.aggregate, aggregate: r.aggregate, name: shown.number ?? shown.title }, line: lineDef ? { def: lineDef, label } : null, changes }),
      changes,
    };
  });
}

function safeCollection(name: string) {
  try {
    return collectionDef(name);
  } catch {
    return null;
  }
}

/** The event types the account's trail holds, in order: a skip scan of the type index (one probe per type, not a read of every row). */
export async function trailTypes(db: Knex, accountId: string): Promise<string[]> {
  const { rows } = await db.raw(
    `with recursive t(type) as (
       (select type from audit_trail where account_id = ? order by type limit 1)
       union all
       select (select a.type from audit_trail a where a.account_id = ? and a.type > t.type order by a.type limit 1) from t where t.type is not null
     ) select type from t where type is not null`,
    [accountId, accountId],
  );
  return rows.map((r: { type: string }) => r.type);
}
