/**
 * The ORCA dashboards (issue 15):
 * - the job list's table gets the ORCA dashboard's sort columns (permit expiry, billing due date, task
 *   count, CIBE difference), each with a b-tree per direction like migration 011's, and one on
 *   `updated_at` (last changed);
 * - `orca_invoices`: the billing dashboard, one row per invoice of an ORCA job, kept by the job list's
 *   projection (apps/projector jobs/projections.ts) with the same list columns as every record list.
 * - `bulk_operation_records.issued_number`: the job counter's number an import took for a new job, kept
 *   so a resumed worker gives the job the same one.
 * Existing rows cannot be filled in SQL (task counts and invoices are the domain's fold), so the job
 * list's projection is rebuilt from the events: its rows are emptied and its checkpoint reset, and the
 * projector refills them on start.
 */
import type { Knex } from 'knex';

const NATURAL = 'list_natural';
const FILTERS = '"archived", "form_type", "start_date", "completion_date", "created_on"';
const JOB_SORTS: Record<string, 'date' | 'number'> = { permit_expiration_date: 'date', billing_due_date: 'date', task_count: 'number', cibe_difference: 'number' };

const BILLING_TEXT = ['account_job_number', 'job_title', 'customer', 'task_id', 'invoice_number', 'status'];
const BILLING_SORTS = [...BILLING_TEXT, 'invoice_amount', 'status_since'];

export async function up(knex: Knex) {
  await knex.schema.alterTable('jobs', (t) => {
    t.date('permit_expiration_date');
    t.date('billing_due_date');
    t.decimal('task_count', null);
    t.decimal('cibe_difference', null);
  });
  for (const col of [...Object.keys(JOB_SORTS), 'updated_at'])
    for (const dir of ['asc', 'desc'])
      await knex.raw(`create index jobs_list_${col}_${dir} on jobs (account_id, ?? ${dir} nulls last, id) include (${FILTERS}) where not deleted`, [col]);

  await knex.schema.createTable('orca_invoices', (t) => {
    t.bigInteger('account_id').notNullable();
    t.bigInteger('id').notNullable().primary();
    t.bigInteger('job_id').notNullable();
    t.integer('version').notNullable();
    t.text('position').notNullable();
    t.boolean('archived').notNullable().defaultTo(false);
    t.boolean('deleted').notNullable().defaultTo(false);
    t.text('search').notNullable().defaultTo('');
    t.jsonb('view').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    for (const c of BILLING_TEXT) t.specificType(c, `text collate ${NATURAL}`);
    t.decimal('invoice_amount', null);
    t.timestamp('status_since', { useTz: true });
    t.index(['job_id']);
  });
  for (const col of BILLING_SORTS)
    await knex.raw(`create index orca_invoices_list_${col} on orca_invoices (account_id, ?? asc nulls last, id) include (archived, status) where not deleted`, [col]);
  await knex.raw('create index orca_invoices_list_id on orca_invoices (account_id, id) include (archived, status) where not deleted');
  await knex.raw('create index orca_invoices_search_trgm on orca_invoices using gin (search gin_trgm_ops) where not deleted');

  await knex.schema.alterTable('bulk_operation_records', (t) => t.text('issued_number'));

  // Rebuilt from the events by the projector (see above).
  await knex('jobs').delete();
  await knex('projection_checkpoints').where({ name: 'jobs_list' }).delete();
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('bulk_operation_records', (t) => t.dropColumn('issued_number'));
  await knex.schema.dropTableIfExists('orca_invoices');
  for (const col of [...Object.keys(JOB_SORTS), 'updated_at']) for (const dir of ['asc', 'desc']) await knex.raw(`drop index if exists jobs_list_${col}_${dir}`);
  await knex.schema.alterTable('jobs', (t) => t.dropColumns(...Object.keys(JOB_SORTS)));
}
