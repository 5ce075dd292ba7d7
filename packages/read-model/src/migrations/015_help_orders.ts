/**
 * The help ticket list and the customer order list (issue 18): the record-list shape plus each list's
 * typed columns (packages/platform/src/lists/help.ts and orders.ts declare them), a b-tree per sort
 * column carrying the filter columns, a small count index, and the trigram index for `q`. The help
 * list also gets one for the navigation's count of tickets awaiting a user.
 */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

const NATURAL = 'list_natural';

interface Table {
  table: string;
  text: string[];
  dates: string[];
  numbers: string[];
  refs: string[];
  sorts: string[];
  filters: string[];
  count: string[];
}

const TABLES: Table[] = [
  {
    table: 'help_tickets',
    text: ['subject', 'ticket_status', 'submitter_status', 'our_status', 'ticket_type', 'priority', 'submitter_mood', 'submitted_by_name', 'awaiting'],
    dates: ['completion_date', 'created_on'],
    numbers: [],
    refs: ['submitted_by'],
    sorts: ['subject', 'ticket_status', 'submitter_status', 'our_status', 'ticket_type', 'priority', 'submitter_mood', 'completion_date', 'created_on', 'submitted_by_name', 'updated_at'],
    filters: ['archived', 'ticket_status', 'priority', 'ticket_type', 'completion_date', 'created_on'],
    count: ['archived', 'ticket_status'],
  },
  {
    table: 'orders',
    text: ['order_number', 'customer_name', 'status'],
    dates: ['order_date', 'created_on'],
    numbers: ['total_price', 'item_count'],
    refs: [],
    sorts: ['order_number', 'customer_name', 'status', 'order_date', 'total_price', 'item_count', 'updated_at'],
    filters: ['archived', 'status', 'order_date', 'created_on'],
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
      for (const c of t.refs) b.bigInteger(c);
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
  // The navigation's count: the account's open tickets by whom they await.
  await knex.raw('create index help_tickets_awaiting on help_tickets (account_id, awaiting, submitted_by) where not deleted and not archived');
}

export async function down(knex: Knex) {
  for (const t of TABLES) await knex.schema.dropTableIfExists(t.table);
}
