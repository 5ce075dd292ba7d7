/**
 * List read models of bids and jobs. Every record list has the same shape: typed columns for what the
 * list filters and sorts on, `state` (the aggregate folded by the domain's own evolve) and `view`
 * (the row as clients see it, less the fields that depend on today's date). Lists read `deleted = false`.
 */
import type { Knex } from 'knex';

export function recordListColumns(t: Knex.CreateTableBuilder) {
  t.bigInteger('account_id').notNullable();
  t.bigInteger('id').notNullable().primary();
  t.integer('version').notNullable();
  t.text('position').notNullable();
  t.boolean('archived').notNullable().defaultTo(false);
  // A deleted record stays as a tombstone so a re-applied older event cannot bring it back.
  t.boolean('deleted').notNullable().defaultTo(false);
  t.text('search').notNullable().defaultTo('');
  t.jsonb('state').notNullable();
  t.jsonb('view').notNullable();
  t.timestamp('updated_at', { useTz: true }).notNullable();
}

export async function up(knex: Knex) {
  await knex.schema.createTable('bids', (t) => {
    recordListColumns(t);
    t.date('bid_due_date');
    t.text('market');
    t.text('supplier_code');
    t.text('work_request');
    t.index(['account_id', 'archived', 'bid_due_date']);
    t.index(['account_id', 'supplier_code']);
    t.index(['account_id', 'work_request']);
  });
  await knex.schema.createTable('jobs', (t) => {
    recordListColumns(t);
    t.text('job_number');
    t.text('form_type');
    t.bigInteger('bid_ref');
    t.index(['account_id', 'archived']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('jobs');
  await knex.schema.dropTableIfExists('bids');
}
