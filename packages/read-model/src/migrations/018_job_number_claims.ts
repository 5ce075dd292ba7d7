/**
 * A job number is one job (issue 28): the job aggregate claims its account_job_number in
 * `unique_claims` (scope 'job', the key trimmed, inner spaces collapsed, lower case: keys.ts
 * uniqueKeyOf) as it appends. Jobs written before that hold no claim: each live job's number is
 * claimed here from the job list, the oldest job first, so where two jobs already share a number the
 * oldest keeps it (the other keeps its number until it is changed; docs/jobs.md "Job numbers").
 */
import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.raw(`
    insert into unique_claims (account_id, scope, key, record_id)
    select distinct on (account_id, key) account_id, 'job', key, id
    from (
      select account_id, id, lower(regexp_replace(btrim(account_job_number), '\\s+', ' ', 'g')) as key
      from jobs
      where not deleted and account_job_number is not null
    ) numbered
    where key <> ''
    order by account_id, key, id
    on conflict do nothing`);
}

export async function down(knex: Knex) {
  await knex.raw(`delete from unique_claims where scope = 'job'`);
}
