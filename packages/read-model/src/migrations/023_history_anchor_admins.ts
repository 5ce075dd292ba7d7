/**
 * The daily history anchor is mailed to the account's admins (docs/audit.md). Users' roles are 020's
 * (docs/roles.md); this adds the same column only if it is missing and makes each account's first user
 * its admin where it has none, so the anchor has someone to go to whichever of the two runs alone.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.raw(`alter table users add column if not exists role text not null default 'office'`);
  await knex.raw(`
    update users u set role = 'admin'
     where u.id = (select min(f.id) from users f where f.account_id = u.account_id)
       and not exists (select from users a where a.account_id = u.account_id and a.role = 'admin')`);
}

export async function down() {
  // The column may be 020's; the roles stay.
}
