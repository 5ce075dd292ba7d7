/**
 * History rows keep no fold state (docs/as-of.md): an as-of read shows the row's view and columns, and
 * the projector folds from the live row's state, so a state in every history row only cost room — for a
 * record of thousands of lines, its whole state again at every moment (a 5,000-event job: gigabytes).
 * `state` becomes nullable in each `<table>_history` that has one (a list's own table; rows kept with a record have none), and the rows there now are emptied of it.
 */
import type { Knex } from 'knex';
import { historyTable } from '@trenchline/platform/lists/define.ts';
import { historiedTables } from './021_list_history.ts';

export async function up(knex: Knex) {
  for (const table of historiedTables().keys()) {
    const h = historyTable(table);
    if (!(await knex.raw('select to_regclass(?) as t', [h])).rows[0].t || !(await knex.schema.hasColumn(h, 'state'))) continue;
    await knex.raw('alter table ?? alter column state drop not null', [h]);
    await knex.raw('update ?? set state = null where state is not null', [h]);
  }
}

export async function down(knex: Knex) {
  for (const table of historiedTables().keys()) {
    const h = historyTable(table);
    if (!(await knex.raw('select to_regclass(?) as t', [h])).rows[0].t || !(await knex.schema.hasColumn(h, 'state'))) continue;
    await knex.raw(`update ?? set state = '{}'::jsonb where state is null`, [h]);
    await knex.raw('alter table ?? alter column state set not null', [h]);
  }
}
