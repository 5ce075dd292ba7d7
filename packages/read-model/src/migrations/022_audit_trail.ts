/**
 * The account's trail (docs/audit-trail.md): one row per event of every record, kept by the projector's
 * `audit_trail` projection. `major`/`minor` are the event's position in the store's order as numbers;
 * the trail reads newest first (`at`, then position) through an index; each filter has its own index.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('audit_trail', (t) => {
    t.text('position').primary();
    t.bigInteger('account_id').notNullable();
    t.bigInteger('major').notNullable();
    t.bigInteger('minor').notNullable();
    t.timestamp('at', { useTz: true }).notNullable();
    t.text('user_id');
    t.text('user_name');
    t.text('role');
    t.text('area').notNullable();
    t.text('aggregate').notNullable();
    t.text('record_id').notNullable();
    // A line's event: its collection and line id (the line's number is read with the page, so it is current).
    t.text('collection');
    t.text('line_id');
    t.text('type').notNullable();
    t.jsonb('changes').notNullable();
    t.text('search').notNullable();
  });
  // Newest first (by time, then the store's order), alone or under one filter: each an index scan
  // backwards that stops at the page, a date range a range of the same index. Each filter's index
  // carries the other filters' columns, so a second filter is checked in the index, not the table.
  const filters = ['user_id', 'area', 'record_id', 'type'];
  await knex.raw(`create index audit_trail_order on audit_trail (account_id, at, major, minor) include (${filters.join(', ')})`);
  for (const col of filters) await knex.raw(`create index audit_trail_${col} on audit_trail (account_id, ${col}, at, major, minor) include (${filters.filter((c) => c !== col).join(', ')})`);
  await knex.raw('create index audit_trail_search_trgm on audit_trail using gin (search gin_trgm_ops)');
  // The changes (jsonb) stay out of the heap, so scans that filter read few pages.
  await knex.raw('alter table audit_trail set (toast_tuple_target = 512)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('audit_trail');
}
