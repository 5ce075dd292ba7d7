/**
 * Each signed-in session's last write, as a position in the event store, so the session's next list
 * read waits for it even when the client sends no X-Min-Position (the spec's client never does).
 * The position's two numbers (`<major>:<minor>`, the store's order) are kept as numbers, so a write
 * that finishes after a later one never moves it back. A session's row goes with the session.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('session_positions', (t) => {
    t.string('sid').primary().references('sessions.sid').onDelete('CASCADE');
    t.decimal('major', 20, 0).notNullable();
    t.decimal('minor', 20, 0).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('session_positions');
}
