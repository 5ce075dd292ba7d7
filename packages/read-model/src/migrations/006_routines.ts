/**
 * The routine and do-routine list read models: the record-list shape (the view holds the nested sets
 * and tasks) plus what the lists filter and sort on. Their lines are in collection_lines.
 */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

export async function up(knex: Knex) {
  await knex.schema.createTable('routines', (t) => {
    recordListColumns(t);
    t.text('name');
    t.text('category');
    t.text('frequency');
    t.index(['account_id', 'deleted']);
  });
  await knex.schema.createTable('do_routines', (t) => {
    recordListColumns(t);
    t.bigInteger('routine_id');
    t.text('name');
    t.text('assigned_to');
    t.date('due_date');
    t.text('status');
    t.index(['account_id', 'deleted', 'due_date']);
    t.index(['account_id', 'routine_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('do_routines');
  await knex.schema.dropTableIfExists('routines');
}
