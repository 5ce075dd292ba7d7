/**
 * The RFQ list and the sales tracker's organisation list (issue 19): the record-list shape plus each
 * list's typed columns (packages/platform/src/lists/rfqs.ts and sales.ts declare them), a b-tree per
 * sort column carrying the filter columns, a small count index, and the trigram index for `q`.
 */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

const NATURAL = 'list_natural';

interface Table {
  table: string;
  text: string[];
  dates: string[];
  numbers: string[];
  sorts: string[];
  filters: string[];
  count: string[];
}

const TABLES: Table[] = [
  {
    table: 'rfqs',
    text: ['account_rfq_number', 'title', 'form_type', 'rfq_status', 'customer', 'colour'],
    dates: ['rfq_date', 'bid_due_date', 'po_start_date', 'po_complete_date', 'created_on'],
    numbers: ['rfq_total', 'rfq_total_feet', 'rfq_margin_calculated'],
    sorts: ['account_rfq_number', 'title', 'form_type', 'rfq_status', 'customer', 'colour', 'rfq_date', 'bid_due_date', 'po_start_date', 'po_complete_date', 'rfq_total', 'rfq_total_feet', 'rfq_margin_calculated', 'updated_at'],
    filters: ['archived', 'rfq_status', 'rfq_date', 'bid_due_date', 'created_on'],
    count: ['archived', 'rfq_status'],
  },
  {
    table: 'sales_organizations',
    text: ['name', 'org_type', 'status', 'adoption_status', 'lead_source', 'scrubbed_reason', 'colour', 'city', 'state_code', 'primary_contact'],
    dates: ['next_follow_up', 'last_contacted', 'created_on'],
    numbers: ['activity_hours'],
    sorts: ['name', 'org_type', 'status', 'adoption_status', 'lead_source', 'scrubbed_reason', 'colour', 'city', 'state_code', 'primary_contact', 'next_follow_up', 'last_contacted', 'activity_hours', 'updated_at'],
    filters: ['archived', 'status', 'org_type', 'last_contacted', 'created_on'],
    count: ['archived', 'status'],
  },
];

export async function up(knex: Knex) {
  for (const t of TABLES) {
    await knex.schema.createTable(t.table, (b) => {
      recordListColumns(b);
      for (const c of t.text) b.specificType(c, `text collate ${NATURAL}`);
      for (const c of t.dates) b.date(c);
      for (const c of t.numbers) b.decimal(c, null);
    });
    await knex.raw('alter table ?? set (toast_tuple_target = 512)', [t.table]);
    await knex.raw('alter table ?? alter column search set storage main', [t.table]);
    const include = t.filters.map((c) => `"${c}"`).join(', ');
    for (const col of t.sorts)
      for (const dir of ['asc', 'desc'])
        await knex.raw(`create index ${t.table}_list_${col}_${dir} on ?? (account_id, ?? ${dir} nulls last, id) include (${include}) where not deleted`, [t.table, col]);
    await knex.raw(`create index ${t.table}_list_id on ?? (account_id, id) include (${include}) where not deleted`, [t.table]);
    await knex.raw(`create index ${t.table}_list_count on ?? (account_id, ${t.count.map((c) => `"${c}"`).join(', ')}) where not deleted`, [t.table]);
    await knex.raw(`create index ${t.table}_search_trgm on ?? using gin (search gin_trgm_ops) where not deleted`, [t.table]);
  }
}

export async function down(knex: Knex) {
  for (const t of TABLES) await knex.schema.dropTableIfExists(t.table);
}
