/**
 * Report schedules (docs/reports.md "Schedules"): their list table with its history (as every list),
 * the next run as an instant with a partial index for the worker's minute; the account's time zone;
 * and the outbox's attachments, so a local install can open what would have been sent.
 */
import type { Knex } from 'knex';
import { createHistoryTable, createListTable, listTableOf } from './list-tables.ts';
import { reportSchedules } from '../reports/schedule-list.ts';

export async function up(knex: Knex) {
  // createListTable knows text, date and number columns: the instant is added after, with the due index (an account's few schedules sort without one).
  const table = listTableOf(reportSchedules);
  await createListTable(knex, { ...table, sorts: table.sorts.filter((c) => c !== 'next_run_at') });
  await knex.schema.alterTable('report_schedules', (t) => t.timestamp('next_run_at', { useTz: true }));
  await knex.raw('create index report_schedules_due on report_schedules (next_run_at) where not deleted and next_run_at is not null');
  await createHistoryTable(knex, 'report_schedules', [reportSchedules]);
  await knex.schema.alterTable('accounts', (t) => t.text('time_zone').notNullable().defaultTo('America/Chicago'));
  await knex.schema.createTable('mail_outbox_attachments', (t) => {
    t.bigIncrements('id');
    t.bigInteger('mail_id').notNullable().references('mail_outbox.id').onDelete('cascade');
    t.text('file_name').notNullable();
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
  });
  await knex.raw('create index mail_outbox_attachments_mail on mail_outbox_attachments (mail_id)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('mail_outbox_attachments');
  await knex.schema.alterTable('accounts', (t) => t.dropColumn('time_zone'));
  await knex.schema.dropTableIfExists('report_schedules_history');
  await knex.schema.dropTableIfExists('report_schedules');
}
