/**
 * process_heartbeats: each running api, projector and worker process writes its row every few seconds
 * (heartbeat.ts), so /api/health can tell which processes are alive; a row whose beat is older than
 * three intervals is a dead process's. Not a read model: it is never projected from events.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('process_heartbeats', (t) => {
    t.text('id').primary(); // kind:host:pid:random, new at every start
    t.text('kind').notNullable();
    t.text('host').notNullable();
    t.integer('pid').notNullable();
    t.integer('interval_ms').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('beat_at', { useTz: true }).notNullable();
    t.jsonb('info').notNullable().defaultTo('{}');
    t.index(['kind', 'beat_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('process_heartbeats');
}
