/**
 * The projector's own bookkeeping and the generic read models every area uses:
 * - projection_checkpoints: where each projection is, committed with its rows.
 * - collection_lines: every child line of every collection (from the collection registry).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('projection_checkpoints', (t) => {
    t.text('name').primary();
    t.text('position'); // cursor of the last applied event; null before the first
    t.bigInteger('events_applied').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('collection_lines', (t) => {
    t.bigInteger('account_id').notNullable();
    t.text('collection').notNullable();
    t.bigInteger('id').notNullable();
    t.text('parent_stream').notNullable();
    t.bigInteger('parent_id').notNullable();
    t.jsonb('line').notNullable();
    // Parent stream version of the last event applied to the line, and a tombstone for removed
    // lines: together they make re-applying an older event change nothing.
    t.integer('version').notNullable();
    t.boolean('removed').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['id']);
    t.index(['account_id', 'collection', 'parent_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('collection_lines');
  await knex.schema.dropTableIfExists('projection_checkpoints');
}
