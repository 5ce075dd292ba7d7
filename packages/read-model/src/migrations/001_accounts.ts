/** Accounts, users and sessions: plain tables, not events (ARCHITECTURE: accounts, users, security). */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('accounts', (t) => {
    t.bigIncrements('id');
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('cancelled_at', { useTz: true });
  });
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id');
    t.bigInteger('account_id').notNullable().references('accounts.id');
    t.text('email').notNullable();
    t.text('display_name').notNullable();
    t.text('password_hash').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index users_email_key on users (lower(email))');
  // connect-pg-simple's table, keyed so a user's sessions can be ended at once.
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid').primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { precision: 6 }).notNullable().index();
  });
  await knex.raw(`create index sessions_user_idx on sessions (((sess->>'userId')))`);
  // Secrets every API instance must share (the session cookie's signing key), made at first start.
  await knex.schema.createTable('app_secrets', (t) => {
    t.text('name').primary();
    t.text('value').notNullable();
  });
  await knex.schema.createTable('user_preferences', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id');
    t.text('name').notNullable();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'name']);
  });
}

export async function down(knex: Knex) {
  for (const t of ['user_preferences', 'app_secrets', 'sessions', 'users', 'accounts']) await knex.schema.dropTableIfExists(t);
}
