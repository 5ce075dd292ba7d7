/**
 * The list engine's columns (issue 13): a typed column for every sortable shown column of the job,
 * bid and project lists (packages/platform/src/lists/ declares them; the projector writes them),
 * filled from `view` for existing rows; a b-tree per sort column `(account_id, col, id)` over live
 * rows, carrying the filter columns, so a page and its count are index-only scans; the jobs list (the
 * large one) gets one per direction (nulls last both ways, ties by id ascending); a pg_trgm GIN index
 * on `search` for `q`; a small index for counts; `view` and `state` kept out of line (TOAST) so the heap a search rechecks is small.
 */
import type { Knex } from 'knex';

type Type = 'text' | 'date' | 'number';
interface Table {
  table: string;
  /** New columns: name → [type, view field]. */
  add: Record<string, [Type, string]>;
  /** Every sort column (existing ones too). */
  sorts: string[];
  /** Text sort columns made by earlier migrations: they take the natural collation too. */
  existingText: string[];
  /** Columns the filters read, carried in every sort index. */
  filters: string[];
  /** The count's index: the toggle and equality columns, few distinct values, so b-tree deduplication keeps it tiny. */
  count: string[];
  bothDirections: boolean;
}

const TABLES: Table[] = [
  {
    table: 'jobs',
    add: {
      title: ['text', 'title'],
      customer: ['text', 'customer'],
      work_status: ['text', 'work_status'],
      coordinator: ['text', 'coordinator'],
      crew_string: ['text', 'crew_string'],
      po_job_number: ['text', 'po_job_number'],
      total_job: ['number', 'total_job'],
      total_job_invoiced_actual: ['number', 'total_job_invoiced_actual'],
      total_gross_profit: ['number', 'total_gross_profit'],
      segment_count: ['number', 'segment_rollups'],
      segment_plan_feet: ['number', 'segment_plan_feet'],
      segment_total_feet: ['number', 'segment_total_feet'],
      segment_percent_complete: ['number', 'segment_percent_complete'],
    },
    existingText: ['account_job_number', 'job_number', 'form_type'],
    sorts: ['completion_date', 'start_date', 'account_job_number', 'job_number', 'form_type', 'title', 'customer', 'work_status', 'coordinator', 'crew_string', 'po_job_number', 'total_job', 'total_job_invoiced_actual', 'total_gross_profit', 'segment_count', 'segment_plan_feet', 'segment_total_feet', 'segment_percent_complete'],
    filters: ['archived', 'form_type', 'start_date', 'completion_date', 'created_on'],
    count: ['archived', 'form_type'],
    bothDirections: true,
  },
  {
    table: 'bids',
    add: {
      job_number: ['text', 'job_number'],
      description: ['text', 'description'],
      city: ['text', 'city'],
      county: ['text', 'county'],
      coordinator: ['text', 'coordinator'],
      region: ['text', 'region'],
      our_status: ['text', 'our_status'],
      bid_status: ['text', 'bid_status'],
      bid_percent_total: ['number', 'bid_percent_total'],
      item_string: ['text', 'itemString'],
    },
    existingText: ['market', 'supplier_code', 'work_request'],
    sorts: ['bid_due_date', 'market', 'supplier_code', 'work_request', 'job_number', 'description', 'city', 'county', 'coordinator', 'region', 'our_status', 'bid_status', 'bid_percent_total', 'item_string'],
    filters: ['archived', 'market'],
    count: ['archived', 'market'],
    bothDirections: false,
  },
  {
    table: 'projects',
    add: {
      name: ['text', 'name'],
      status: ['text', 'status'],
      customer_names: ['text', 'customer_names'],
      work_type: ['text', 'work_type'],
      place: ['text', 'place'],
      po_number: ['text', 'po_number'],
      po_amount: ['number', 'po_amount'],
      latest_note: ['text', 'latest_note'],
    },
    existingText: [],
    sorts: ['due_date', 'start_date', 'name', 'status', 'customer_names', 'work_type', 'place', 'po_number', 'po_amount', 'latest_note'],
    filters: ['archived', 'start_date', 'due_date', 'created_on'],
    count: ['archived'],
    bothDirections: false,
  },
];

/** The same value the declaration's column builder computes (define.ts), in SQL. */
function fromView(type: Type, field: string, column: string): string {
  const f = `view->'${field}'`;
  if (column === 'segment_count') return `case when jsonb_typeof(${f}) = 'array' then jsonb_array_length(${f}) end`;
  if (type === 'number') return `case when jsonb_typeof(${f}) = 'number' then (${f})::text::numeric end`;
  // Text keys are cut to 500 characters (TEXT_KEY_LENGTH) so they always fit an index entry.
  return `left(nullif(case when jsonb_typeof(${f}) in ('string', 'number') then view->>'${field}' end, ''), 500)`;
}

/** The collation of the lists' text columns. */
const NATURAL = 'list_natural';

const indexName = (table: string, column: string, dir: 'asc' | 'desc') => `${table}_list_${column}_${dir}`;

export async function up(knex: Knex) {
  await knex.raw('create extension if not exists pg_trgm');
  // Text sorts as the web's tables sorted: numbers within text by value ('Job 9' before 'Job 10'),
  // letters before case. Deterministic, so equality (look-ups by code or number) stays exact.
  await knex.raw(`create collation if not exists ${NATURAL} (provider = icu, locale = 'und-u-kn-true')`);
  for (const t of TABLES) {
    await knex.schema.alterTable(t.table, (b) => {
      for (const [name, [type]] of Object.entries(t.add)) {
        if (type === 'text') b.specificType(name, `text collate ${NATURAL}`);
        else b.decimal(name, null);
      }
    });
    for (const col of t.existingText) await knex.raw(`alter table ?? alter column ?? type text collate ${NATURAL}`, [t.table, col]);
    // A narrow heap: `view` and `state` move to TOAST past 512 bytes, `search` stays inline, so a
    // search's recheck and a count read few pages. The fill below rewrites every row this way.
    await knex.raw('alter table ?? set (toast_tuple_target = 512)', [t.table]);
    await knex.raw('alter table ?? alter column search set storage main', [t.table]);
    const sets = Object.entries(t.add).map(([name, [type, field]]) => `${name} = ${fromView(type, field, name)}`);
    await knex.raw(`update ?? set ${sets.join(', ')} where not deleted`, [t.table]);
    if (t.table === 'projects') {
      // The place as shown (domain placeOf): the first location's name or address, city and state, else the project's.
      const part = (o: string, k: string) => `nullif(trim(case when jsonb_typeof(${o}->'${k}') = 'string' then ${o}->>'${k}' end), '')`;
      const loc = "view->'location'";
      await knex.raw(`update projects set place = left(nullif(case when jsonb_typeof(${loc}) = 'object'
        then concat_ws(', ', coalesce(${part(loc, 'name')}, ${part(loc, 'address')}), ${part(loc, 'city')}, ${part(loc, 'state')})
        else concat_ws(', ', ${part('view', 'address')}, ${part('view', 'city')}, ${part('view', 'state')}) end, ''), 500) where not deleted`);
    }
    const include = t.filters.map((c) => `"${c}"`).join(', ');
    for (const col of t.sorts) {
      await knex.raw(`create index ${indexName(t.table, col, 'asc')} on ?? (account_id, ?? asc nulls last, id) include (${include}) where not deleted`, [t.table, col]);
      if (t.bothDirections) await knex.raw(`create index ${indexName(t.table, col, 'desc')} on ?? (account_id, ?? desc nulls last, id) include (${include}) where not deleted`, [t.table, col]);
    }
    // The default order of every list and the count: by id, then the filter columns alone.
    await knex.raw(`create index ${t.table}_list_id on ?? (account_id, id) include (${include}) where not deleted`, [t.table]);
    // A count without a range reads this one: a few MB for 100,000 rows instead of a wide index.
    await knex.raw(`create index ${t.table}_list_count on ?? (account_id, ${t.count.map((c) => `"${c}"`).join(', ')}) where not deleted`, [t.table]);
    await knex.raw(`create index ${t.table}_search_trgm on ?? using gin (search gin_trgm_ops) where not deleted`, [t.table]);
  }
}

export async function down(knex: Knex) {
  for (const t of TABLES) {
    for (const col of t.sorts) for (const dir of ['asc', 'desc'] as const) await knex.raw(`drop index if exists ${indexName(t.table, col, dir)}`);
    await knex.raw(`drop index if exists ${t.table}_list_id`);
    await knex.raw(`drop index if exists ${t.table}_list_count`);
    await knex.raw(`drop index if exists ${t.table}_search_trgm`);
    await knex.schema.alterTable(t.table, (b) => b.dropColumns(...Object.keys(t.add)));
    for (const col of t.existingText) await knex.raw('alter table ?? alter column ?? type text collate "default"', [t.table, col]);
    await knex.raw('alter table ?? reset (toast_tuple_target)', [t.table]);
    await knex.raw('alter table ?? alter column search set storage extended', [t.table]);
  }
  await knex.raw(`drop collation if exists ${NATURAL}`);
}
