/**
 * Shadow rebuilds (docs/architecture.md "Rebuilding a projection beside the live one"): each checkpoint
 * records the projection version its tables were built by, and a rebuild in progress records how far
 * its side tables stand, committed with their rows, so a restarted projector resumes it where it was.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.alterTable('projection_checkpoints', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
  await knex.schema.createTable('projection_rebuilds', (t) => {
    t.text('name').primary();
    // The version the side tables are built by: a rebuild of another version starts over.
    t.integer('version').notNullable();
    t.text('position'); // last event applied to the side tables; null before the first
    t.text('phase').notNullable().defaultTo('bulk');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('events').notNullable().defaultTo(0); // events the side tables took so far
  });
  await knex.raw(`alter table projection_rebuilds add constraint projection_rebuilds_phase check (phase in ('bulk', 'indexing'))`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('projection_rebuilds');
  await knex.schema.alterTable('projection_checkpoints', (t) => {
    t.dropColumn('version');
  });
}
