/**
 * The job list's own columns (issue 5): the account's job number (the web's /job/{account_job_number}
 * and its look-up), and the dates of its range filter and sort: [start_date (or the creation day),
 * completion_date]. Rows written before this migration get them from their view.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.alterTable('jobs', (t) => {
    t.text('account_job_number');
    t.date('start_date');
    t.date('completion_date');
    t.date('created_on');
    t.index(['account_id', 'archived', 'completion_date']);
    t.index(['account_id', 'account_job_number']);
  });
  await knex.raw(`
    update jobs set
      account_job_number = nullif(view->>'account_job_number', ''),
      start_date = (view->>'start_date')::date,
      completion_date = (view->>'completion_date')::date,
      created_on = (left(view->>'created_at', 10))::date
    where not deleted`);
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('jobs', (t) => {
    t.dropIndex(['account_id', 'archived', 'completion_date']);
    t.dropIndex(['account_id', 'account_job_number']);
    t.dropColumns('account_job_number', 'start_date', 'completion_date', 'created_on');
  });
}
