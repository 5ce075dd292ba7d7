/**
 * Webhooks (docs/webhooks.md): `webhooks`, the account's endpoints as the projector's `webhooks`
 * projection keeps them (what to send where, from which event on); `webhook_deliveries`, the outbox
 * (one row per webhook and dedupe key, written by `offerToWebhooks`, never rebuilt by a replay); and
 * `webhook_delivery_attempts`, every answer the worker got.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('webhooks', (t) => {
    t.bigInteger('id').primary();
    t.bigInteger('account_id').notNullable();
    t.integer('version').notNullable();
    t.text('position').notNullable();
    // A deleted webhook stays as a tombstone so a re-applied older event cannot bring it back.
    t.boolean('deleted').notNullable().defaultTo(false);
    t.text('url').notNullable();
    t.text('description');
    t.specificType('topics', 'text[]').notNullable();
    t.boolean('active').notNullable();
    t.text('secret').notNullable();
    // The creating event's place in the store's order: events before it are never offered.
    t.bigInteger('created_major').notNullable();
    t.bigInteger('created_minor').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw('create index webhooks_account on webhooks (account_id, id) where not deleted');
  // The topic look-up of every offer: an account's active webhooks wanting a topic.
  await knex.raw('create index webhooks_topics on webhooks using gin (topics) where active and not deleted');

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('account_id').notNullable();
    t.bigInteger('webhook_id').notNullable();
    t.text('topic').notNullable();
    t.text('dedupe_key').notNullable();
    t.jsonb('payload').notNullable();
    t.text('state').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('last_status');
    // The first 2 KB of the last answer's body.
    t.text('last_response');
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
    t.unique(['webhook_id', 'dedupe_key']);
  });
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_state check (state in ('pending', 'delivered', 'failed'))`);
  // The dispatcher's pass: due pending deliveries per account, oldest due first.
  await knex.raw(`create index webhook_deliveries_due on webhook_deliveries (account_id, next_attempt_at, id) where state = 'pending'`);
  // The deliveries log of one webhook, newest first.
  await knex.raw('create index webhook_deliveries_log on webhook_deliveries (webhook_id, id desc)');

  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.bigInteger('delivery_id').notNullable();
    t.integer('attempt').notNullable();
    t.timestamp('at', { useTz: true }).notNullable();
    t.integer('status');
    t.text('response');
    t.text('error');
    t.integer('duration_ms').notNullable();
    t.primary(['delivery_id', 'attempt']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('webhook_delivery_attempts');
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhooks');
}
