/** Signing up with proof of the address first (docs/accounts.md): pending sign-ups and the mail outbox. */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // A pending sign-up, found by the sha256 of the token in its requester's cookie (so a second request for
  // the same address cannot swap in another password); the code is kept only as an argon2 hash.
  await knex.schema.createTable('signup_confirmations', (t) => {
    t.text('id').primary();
    t.text('email').notNullable().index();
    t.text('account_name').notNullable();
    t.text('display_name').notNullable();
    t.text('password_hash').notNullable();
    t.text('code_hash').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Mail kept here (and printed to the api log) when no SMTP_URL is set, so a local install can sign up.
  await knex.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('id');
    t.text('to').notNullable();
    t.text('kind').notNullable();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index mail_outbox_to_idx on mail_outbox (lower("to"), id)');
}

export async function down(knex: Knex) {
  for (const t of ['mail_outbox', 'signup_confirmations']) await knex.schema.dropTableIfExists(t);
}
