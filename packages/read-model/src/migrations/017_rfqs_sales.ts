/**
 * The RFQ list and the sales tracker's organisation list (issue 19): the record-list shape plus each
 * list's typed columns (packages/platform/src/lists/rfqs.ts and sales.ts declare them), a b-tree per
 * sort column carrying the filter columns, a small count index, and the trigram index for `q`.
 */
import type { Knex } from 'knex';
import { createListTable, type ListTable } from './list-tables.ts';


const TABLES: ListTable[] = [
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
  for (const t of TABLES) await createListTable(knex, t);
}

export async function down(knex: Knex) {
  for (const t of TABLES) await knex.schema.dropTableIfExists(t.table);
}
