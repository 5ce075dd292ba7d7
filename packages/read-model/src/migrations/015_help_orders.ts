/**
 * The help ticket list and the customer order list (issue 18): the record-list shape plus each list's
 * typed columns (packages/platform/src/lists/help.ts and orders.ts declare them), a b-tree per sort
 * column carrying the filter columns, a small count index, and the trigram index for `q`. The help
 * list also gets one for the navigation's count of tickets awaiting a user.
 */
import type { Knex } from 'knex';
import { createListTable, type ListTable } from './list-tables.ts';


const TABLES: ListTable[] = [
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
  for (const t of TABLES) await createListTable(knex, t);
  // The navigation's count: the account's open tickets by whom they await.
  await knex.raw('create index help_tickets_awaiting on help_tickets (account_id, awaiting, submitted_by) where not deleted and not archived');
}

export async function down(knex: Knex) {
  for (const t of TABLES) await knex.schema.dropTableIfExists(t.table);
}
