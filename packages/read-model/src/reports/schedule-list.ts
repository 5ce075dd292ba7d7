/**
 * The report schedules list (/report/schedules/): by name, with the next run kept as an instant so the
 * worker's minute finds the due schedules by an index (migration 024); a paused schedule has none.
 */
import type { Knex } from 'knex';
import { DEFAULT_TIME_ZONE } from '@trenchline/domain';
import { defineList, instant, sortedBy, text } from '@trenchline/platform/lists/define.ts';

export const reportSchedules = defineList({
  name: 'report_schedules',
  aggregate: 'report_schedule',
  table: 'report_schedules',
  columns: [text('name'), text('report'), text('list_name', 'list'), text('owner_name'), text('last_run_state'), instant('next_run_at')],
  sorts: { id: 'id', last_updated: 'updated_at', ...sortedBy('name', 'report', 'owner_name', 'last_run_state', 'next_run_at') },
  defaultOrdering: 'name',
  search: (v) => [v.id, v.name, v.report, v.list, v.owner_name, v.rhythm_words],
  filters: { toggles: 'active_archived' },
});

/** Schedules of every account whose next run is due at `now`, soonest first (the worker's minute). */
export const dueSchedules = (db: Knex, now: Date, limit = 100) =>
  db('report_schedules')
    .where('deleted', false)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .select<{ id: string; account_id: string }[]>('id', 'account_id');

/** Schedules kept in a zone other than their account's now (the zone was changed since), with the account's zone. */
export const schedulesOutOfZone = (db: Knex, limit = 100) =>
  db('report_schedules as s')
    .join('accounts as a', 'a.id', 's.account_id')
    .where('s.deleted', false)
    .whereRaw(`s.view->>'time_zone' is distinct from a.time_zone`)
    .orderBy('s.id')
    .limit(limit)
    .select<{ id: string; account_id: string; time_zone: string }[]>('s.id', 's.account_id', 'a.time_zone');

/** The account's time zone (Settings > Account; report schedules run in it), the default until one is set. */
export async function accountTimeZone(db: Knex, accountId: string): Promise<string> {
  const row = await db('accounts').where({ id: accountId }).first('time_zone');
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}
