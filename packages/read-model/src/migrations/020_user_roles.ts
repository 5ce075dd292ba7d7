/**
 * Users' roles (docs/roles.md): admin, office, field or auditor. Every existing user becomes office
 * except each account's first user (lowest id), who becomes admin, so every account keeps someone who
 * can manage users. `if not exists`: the chain's migration 023 adds the same column the same way.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.raw(`alter table users add column if not exists role text not null default 'office'`);
  await knex.raw(`alter table users drop constraint if exists users_role_known`);
  await knex.raw(`alter table users add constraint users_role_known check (role in ('admin', 'office', 'field', 'auditor'))`);
  await knex.raw(`update users set role = 'admin' where id in (select min(id) from users group by account_id) and not exists (select 1 from users a where a.account_id = users.account_id and a.role = 'admin')`);
}

export async function down(knex: Knex) {
  await knex.raw('alter table users drop constraint if exists users_role_known');
  await knex.raw('alter table users drop column if exists role');
}
