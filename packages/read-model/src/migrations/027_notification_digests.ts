/**
 * The daily digest's claim (docs/notifications.md "Channels"): one row per account and local day, taken
 * before the day's digest is mailed, so a second worker or a restarted one never mails the day twice.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('notification_digests', (t) => {
    t.bigInteger('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    // The account's own day (its time zone), not the server's.
    t.date('local_date').notNullable();
    t.timestamp('claimed_at', { useTz: true }).notNullable();
    t.primary(['account_id', 'local_date']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('notification_digests');
}
