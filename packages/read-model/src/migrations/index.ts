/** Every migration in order. A new one is a file here and a line in this list. */
import type { Knex } from 'knex';
import * as m001 from './001_accounts.ts';
import * as m002 from './002_projections.ts';
import * as m003 from './003_bids_jobs.ts';
import * as m004 from './004_settings.ts';
import * as m005 from './005_projects.ts';
import * as m006 from './006_routines.ts';
import * as m007 from './007_reports.ts';
import * as m008 from './008_jobs.ts';
import * as m009 from './009_process_heartbeats.ts';
import * as m010 from './010_signups.ts';
import * as m011 from './011_list_columns.ts';
import * as m012 from './012_bulk_operations.ts';
import * as m013 from './013_orca_dashboards.ts';
import * as m014 from './014_locates.ts';
import * as m015 from './015_help_orders.ts';
import * as m016 from './016_tickets.ts';
import * as m017 from './017_rfqs_sales.ts';
import * as m018 from './018_job_number_claims.ts';
import * as m019 from './019_session_positions.ts';
import * as m020 from './020_user_roles.ts';
import * as m021 from './021_list_history.ts';
import * as m022 from './022_audit_trail.ts';
import * as m023 from './023_history_anchor_admins.ts';
import * as m024 from './024_report_schedules.ts';
import * as m025 from './025_notifications.ts';
import * as m026 from './026_webhooks.ts';
import * as m027 from './027_notification_digests.ts';
import * as m028 from './028_projection_rebuilds.ts';
import * as m032 from './032_history_without_state.ts';
import * as m033 from './033_idempotency_keys.ts';
import * as m034 from './034_upload_sessions.ts';

type Migration = { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> };
export const migrations: [string, Migration][] = [
  ['001_accounts', m001],
  ['002_projections', m002],
  ['003_bids_jobs', m003],
  ['004_settings', m004],
  ['005_projects', m005],
  ['006_routines', m006],
  ['007_reports', m007],
  ['008_jobs', m008],
  ['009_process_heartbeats', m009],
  ['010_signups', m010],
  ['011_list_columns', m011],
  ['012_bulk_operations', m012],
  ['013_orca_dashboards', m013],
  ['014_locates', m014],
  ['015_help_orders', m015],
  ['016_tickets', m016],
  ['017_rfqs_sales', m017],
  ['018_job_number_claims', m018],
  ['019_session_positions', m019],
  ['020_user_roles', m020],
  ['021_list_history', m021],
  ['022_audit_trail', m022],
  ['023_history_anchor_admins', m023],
  ['024_report_schedules', m024],
  ['025_notifications', m025],
  ['026_webhooks', m026],
  ['027_notification_digests', m027],
  ['028_projection_rebuilds', m028],
  ['032_history_without_state', m032],
  ['033_idempotency_keys', m033],
  ['034_upload_sessions', m034],
];

/** knex's migration source over the list above (no file globbing, works the same under tsx and vitest). */
export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, m]) => m,
};
