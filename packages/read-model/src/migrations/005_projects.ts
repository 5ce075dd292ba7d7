/** The project list read model: the record-list shape plus what the list filters and sorts on. */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

export async function up(knex: Knex) {
  await knex.schema.createTable('projects', (t) => {
    recordListColumns(t);
    t.date('start_date');
    t.date('due_date');
    t.date('created_on');
    t.index(['account_id', 'deleted', 'archived', 'due_date']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('projects');
}
