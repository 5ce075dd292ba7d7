/** The reports read model: each report asked for, its state and its file, newest first per requester. */
import type { Knex } from 'knex';
import { recordListColumns } from './003_bids_jobs.ts';

export async function up(knex: Knex) {
  await knex.schema.createTable('reports', (t) => {
    recordListColumns(t);
    t.bigInteger('requested_by');
    t.text('report');
    t.text('report_state');
    t.timestamp('requested_at', { useTz: true });
    t.index(['account_id', 'requested_by', 'requested_at']);
    t.index(['account_id', 'requested_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('reports');
}
