/**
 * Resumable uploads (docs/offline.md "Resumable uploads"): a session per file a client sends in chunks,
 * of one account and user, with the size and sha256 it declared and how far it has come (`received`);
 * its chunks in their own table, dropped with it. Consumed once by a line's add; the worker deletes the
 * sessions past their `expires_at`.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('upload_sessions', (t) => {
    t.uuid('id').primary();
    t.bigInteger('account_id').notNullable();
    t.bigInteger('user_id').notNullable();
    t.bigInteger('size').notNullable();
    t.text('sha256').notNullable();
    t.text('file_name').notNullable();
    t.text('content_type').notNullable();
    t.bigInteger('received').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    // Set while a line's add takes its bytes: consumed once.
    t.timestamp('consumed_at', { useTz: true });
  });
  await knex.schema.createTable('upload_chunks', (t) => {
    t.uuid('upload_id').notNullable().references('id').inTable('upload_sessions').onDelete('CASCADE');
    t.bigInteger('offset').notNullable();
    t.binary('bytes').notNullable();
    t.primary(['upload_id', 'offset']);
  });
  // The per-account bound on open sessions, and the worker's sweep.
  await knex.raw('create index upload_sessions_account on upload_sessions (account_id)');
  await knex.raw('create index upload_sessions_expires on upload_sessions (expires_at)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('upload_chunks');
  await knex.schema.dropTableIfExists('upload_sessions');
}
