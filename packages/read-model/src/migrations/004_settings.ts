/**
 * Settings read models:
 * - one list per catalog (crews, customers, vendors, raw materials, products, SVA coordinators), the
 *   record-list shape plus the name they sort by and whether they are active;
 * - settings_records: the account's one-of records (settings, SVA rate sheet, counters), as shown;
 * - user_app_activities: what users did in apps, newest first.
 */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

export const CATALOG_TABLES = ['crews', 'customers', 'vendors', 'raw_materials', 'our_products', 'sva_coordinators'] as const;

export async function up(knex: Knex) {
  for (const name of CATALOG_TABLES) {
    await knex.schema.createTable(name, (t) => {
      recordListColumns(t);
      t.text('name');
      t.boolean('active').notNullable().defaultTo(true);
      t.index(['account_id', 'deleted', 'active']);
    });
  }
  await knex.schema.createTable('settings_records', (t) => {
    t.bigInteger('account_id').notNullable();
    t.bigInteger('id').notNullable().primary();
    t.text('aggregate').notNullable();
    t.integer('version').notNullable();
    t.text('position').notNullable();
    t.jsonb('state').notNullable();
    t.jsonb('view').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['account_id', 'aggregate']);
  });
  await knex.schema.createTable('user_app_activities', (t) => {
    t.bigInteger('account_id').notNullable();
    t.uuid('id').notNullable().primary();
    t.bigInteger('user_id').notNullable();
    t.timestamp('at', { useTz: true }).notNullable();
    t.text('position').notNullable();
    t.jsonb('activity').notNullable();
    t.index(['account_id', 'at']);
  });
}

export async function down(knex: Knex) {
  for (const t of ['user_app_activities', 'settings_records', ...CATALOG_TABLES]) await knex.schema.dropTableIfExists(t);
}
