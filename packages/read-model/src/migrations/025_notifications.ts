/**
 * Notifications (docs/notifications.md): one row per condition told to a user. The partial unique key
 * is what makes a condition notify once: a second scan, or a restarted worker, inserts nothing while
 * the same condition is told and not cleared; a cleared one may be told again as a new row.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.bigInteger('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    // The channel the user chose when it was told (app, digest, email): what mails it.
    t.text('channel').notNullable();
    t.text('aggregate').notNullable();
    t.text('record_id').notNullable();
    t.text('record_number');
    t.text('key').notNullable();
    t.text('title').notNullable();
    t.text('body').notNullable();
    t.text('link').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('read_at', { useTz: true });
    t.timestamp('cleared_at', { useTz: true });
    t.timestamp('emailed_at', { useTz: true });
    t.timestamp('digested_at', { useTz: true });
  });
  await knex.raw('create unique index notifications_told_once on notifications (user_id, key) where cleared_at is null');
  await knex.raw('create index notifications_of_user on notifications (user_id, id desc)');
  await knex.raw('create index notifications_unread on notifications (user_id) where read_at is null and cleared_at is null');
  await knex.raw('create index notifications_open on notifications (account_id, kind) where cleared_at is null');
  await knex.raw("create index notifications_unmailed on notifications (channel, id) where emailed_at is null and channel in ('email', 'digest')");
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('notifications');
}
