/**
 * Bulk operations (docs/bulk.md): the progress of each operation, and the records it resolved to, in
 * order, each pending, done or failed. Not projected: the api writes an operation's row with its
 * request event, and the worker marks each record done in the transaction that appends the record's event.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('bulk_operations', (t) => {
    t.bigInteger('id').primary();
    t.bigInteger('account_id').notNullable();
    t.bigInteger('requested_by').notNullable();
    t.text('list').notNullable();
    t.text('action').notNullable();
    t.text('status').notNullable().defaultTo('queued');
    // Null until the selection is resolved into bulk_operation_records.
    t.integer('total');
    t.integer('done').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.text('label');
    t.text('file_url');
    t.text('message');
    // A report over the selection: the report record it asked for, once.
    t.bigInteger('report_id');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id', 'updated_at']);
  });
  await knex.schema.createTable('bulk_operation_records', (t) => {
    t.bigInteger('operation_id').notNullable();
    t.integer('position').notNullable();
    t.bigInteger('record_id').notNullable();
    t.text('state').notNullable().defaultTo('pending');
    t.text('message');
    t.primary(['operation_id', 'position']);
  });
  // What is left to do, in order: a resumed worker starts from here.
  await knex.raw(`create index bulk_operation_records_pending on bulk_operation_records (operation_id, position) where state = 'pending'`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('bulk_operation_records');
  await knex.schema.dropTableIfExists('bulk_operations');
}
