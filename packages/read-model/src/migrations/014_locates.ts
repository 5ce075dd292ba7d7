/**
 * The locate list (issue 16): the record-list shape plus the list's typed columns
 * (packages/platform/src/lists/locates.ts declares them; the projector writes them), a b-tree per sort
 * column carrying the filter columns as migration 011's lists have, a small index for counts, one on
 * (job_ref) for the job screens and the job rows' locate warnings, and the trigram index for `q`.
 */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

const NATURAL = 'list_natural';
const TEXT = ['form_type', 'locate_status', 'current_ticket_type', 'current_ticket_number', 'current_alt_ticket_number', 'account_job_number', 'task_id', 'customer', 'crew_string'];
const DATES = ['current_date_submitted', 'current_work_date', 'current_date_expiration', 'created_on'];
const SORTS = [...TEXT, 'current_date_submitted', 'current_work_date', 'current_date_expiration', 'updated_at'];
const FILTERS = '"archived", "locate_status", "current_date_submitted", "current_date_expiration", "created_on", "job_ref"';

export async function up(knex: Knex) {
  await knex.schema.createTable('locates', (t) => {
    recordListColumns(t);
    for (const c of TEXT) t.specificType(c, `text collate ${NATURAL}`);
    for (const c of DATES) t.date(c);
    t.bigInteger('job_ref');
    t.bigInteger('job_task_ref');
  });
  await knex.raw('alter table locates set (toast_tuple_target = 512)');
  await knex.raw('alter table locates alter column search set storage main');
  for (const col of SORTS) {
    await knex.raw(`create index locates_list_${col}_asc on locates (account_id, ?? asc nulls last, id) include (${FILTERS}) where not deleted`, [col]);
    await knex.raw(`create index locates_list_${col}_desc on locates (account_id, ?? desc nulls last, id) include (${FILTERS}) where not deleted`, [col]);
  }
  await knex.raw(`create index locates_list_id on locates (account_id, id) include (${FILTERS}) where not deleted`);
  await knex.raw('create index locates_list_count on locates (account_id, archived, locate_status) where not deleted');
  await knex.raw('create index locates_job on locates (account_id, job_ref) where not deleted');
  await knex.raw('create index locates_search_trgm on locates using gin (search gin_trgm_ops) where not deleted');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('locates');
}
