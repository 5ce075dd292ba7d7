/**
 * Idempotency keys (docs/offline.md "Never twice"): one row per account, user and key a client sent
 * with a write, holding the request's fingerprint and, once done, the answer to give again. A row is
 * 'working' while its first request runs (locked_until renewed by its holder, so a dead holder's lapses);
 * the worker deletes rows older than 48 hours.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.bigInteger('account_id').notNullable();
    t.bigInteger('user_id').notNullable();
    t.text('key').notNullable();
    t.text('fingerprint').notNullable();
    t.text('state').notNullable();
    t.integer('status');
    t.jsonb('headers');
    t.text('body');
    // An answer that is not UTF-8 text (a file) is kept as base64.
    t.text('body_encoding').notNullable().defaultTo('utf8');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('locked_until', { useTz: true }).notNullable();
    t.primary(['account_id', 'user_id', 'key']);
  });
  await knex.raw(`alter table idempotency_keys add constraint idempotency_keys_state check (state in ('working', 'done'))`);
  await knex.raw(`alter table idempotency_keys add constraint idempotency_keys_body_encoding check (body_encoding in ('utf8', 'base64'))`);
  // The worker's sweep of old keys.
  await knex.raw('create index idempotency_keys_created on idempotency_keys (created_at)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('idempotency_keys');
}
