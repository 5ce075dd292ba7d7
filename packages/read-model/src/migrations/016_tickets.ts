/**
 * The field ticket list (issue 17): the record-list shape plus the list's typed columns
 * (packages/platform/src/lists/tickets.ts declares them), a b-tree per sort column carrying the filter
 * columns, a small count index, the trigram index for `q`, and one for a job's tickets. The job list
 * gains `assigned_users` (',12,15,'), for the jobs a user may write tickets for, filled from each
 * job's state here and kept by the job list's projection from now on.
 */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

const NATURAL = 'list_natural';

const text = ['account_ticket_number', 'title', 'form_type', 'ticket_status', 'account_job_number', 'segment_number', 'customer', 'crew_name', 'signature_status'];
const dates = ['created_date', 'work_date', 'completion_date', 'approval_date', 'created_on'];
const numbers = ['ticket_status_order', 'feet_total', 'expenses_total', 'timecard_hours_total'];
const refs = ['job_ref', 'job_task_ref'];
const sorts = ['account_ticket_number', 'title', 'form_type', 'ticket_status_order', 'account_job_number', 'segment_number', 'customer', 'crew_name', 'signature_status', ...dates.filter((d) => d !== 'created_on'), 'feet_total', 'expenses_total', 'timecard_hours_total', 'updated_at'];
const filters = ['archived', 'ticket_status', 'completion_date', 'created_date', 'created_on', 'job_ref'];

export async function up(knex: Knex) {
  await knex.schema.createTable('tickets', (b) => {
    recordListColumns(b);
    for (const c of text) b.specificType(c, `text collate ${NATURAL}`);
    for (const c of dates) b.date(c);
    for (const c of numbers) b.decimal(c, null);
    for (const c of refs) b.bigInteger(c);
  });
  await knex.raw('alter table tickets set (toast_tuple_target = 512)');
  await knex.raw('alter table tickets alter column search set storage main');
  const include = filters.map((c) => `"${c}"`).join(', ');
  for (const col of sorts)
    for (const dir of ['asc', 'desc']) await knex.raw(`create index tickets_list_${col}_${dir} on tickets (account_id, ?? ${dir} nulls last, id) include (${include}) where not deleted`, [col]);
  await knex.raw(`create index tickets_list_id on tickets (account_id, id) include (${include}) where not deleted`);
  await knex.raw('create index tickets_list_count on tickets (account_id, archived, ticket_status) where not deleted');
  await knex.raw('create index tickets_search_trgm on tickets using gin (search gin_trgm_ops) where not deleted');
  // A job's tickets (the job and task pages' Tickets sections).
  await knex.raw('create index tickets_of_job on tickets (account_id, job_ref, id) where not deleted');

  await knex.schema.alterTable('jobs', (b) => b.specificType('assigned_users', `text collate ${NATURAL}`));
  await knex.raw(`
    update jobs set assigned_users = (
      select ',' || string_agg(l->>'user_id', ',' order by (l->>'user_id')) || ','
      from jsonb_each(state::jsonb->'lines'->'job_assigned_users') e(k, l)
      where l->>'user_id' is not null
    )
    where state::jsonb->'lines'->'job_assigned_users' is not null and state::jsonb->'lines'->'job_assigned_users' <> '{}'::jsonb`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('tickets');
  await knex.schema.alterTable('jobs', (b) => b.dropColumn('assigned_users'));
}
