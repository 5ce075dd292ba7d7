/**
 * Row types of the read-model tables, registered with knex so `db('bids')` is typed everywhere
 * (api, projector, worker). Keep in step with migrations/.
 */
import type { Knex } from 'knex';
import type { BulkProgress } from '@trenchline/domain';

export interface AccountRow {
  id: string;
  name: string;
  created_at: Date;
  cancelled_at: Date | null;
}

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  display_name: string;
  password_hash: string;
  active: boolean;
  /** admin, office, field or auditor (docs/roles.md). */
  role: 'admin' | 'office' | 'field' | 'auditor';
  created_at: Date;
}

/** A sign-up waiting for its address to be proved (migrations/009). */
export interface SignupConfirmationRow {
  /** sha256 of the token in the requester's `signup` cookie. */
  id: string;
  email: string;
  account_name: string;
  display_name: string;
  password_hash: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  created_at: Date;
}

/** Mail kept when no SMTP server is configured (migrations/009). */
export interface MailOutboxRow {
  id: string;
  to: string;
  kind: string;
  subject: string;
  body: string;
  created_at: Date;
}

export interface ProjectionCheckpointRow {
  name: string;
  /** Cursor of the last applied event (see the event-store port); null before the first. */
  position: string | null;
  events_applied: string | number;
  updated_at: Date;
  /** The projection version its tables were built by (migrations/028). */
  version: number;
}

/** A shadow rebuild in progress (migrations/028, apps/projector shared/rebuild.ts). */
export interface ProjectionRebuildRow {
  name: string;
  version: number;
  /** Last event applied to the side tables; null before the first. */
  position: string | null;
  phase: 'bulk' | 'indexing';
  started_at: Date;
  updated_at: Date;
  events: number;
}

/** A running process's heartbeat (migrations/009, heartbeat.ts). */
export interface ProcessHeartbeatRow {
  id: string;
  kind: string;
  host: string;
  pid: number;
  interval_ms: number;
  started_at: Date;
  beat_at: Date;
  info: Record<string, unknown>;
}

/** Columns every record list shares (see migrations/003: recordListColumns). */
export interface RecordListRow {
  account_id: string;
  id: string;
  version: number;
  position: string;
  archived: boolean;
  deleted: boolean;
  search: string;
  state: unknown;
  view: Record<string, unknown> & { id: string };
  updated_at: Date;
}

export interface BidRow extends RecordListRow {
  bid_due_date: string | null;
  market: string | null;
  supplier_code: string | null;
  work_request: string | null;
  // Migration 011: the list's sort columns (numeric ones come back as strings).
  job_number: string | null;
  description: string | null;
  city: string | null;
  county: string | null;
  coordinator: string | null;
  region: string | null;
  our_status: string | null;
  bid_status: string | null;
  bid_percent_total: string | null;
  item_string: string | null;
}

export interface JobRow extends RecordListRow {
  job_number: string | null;
  form_type: string | null;
  bid_ref: string | null;
  account_job_number: string | null;
  start_date: string | null;
  completion_date: string | null;
  created_on: string | null;
  // Migration 011: the list's sort columns (numeric ones come back as strings).
  title: string | null;
  customer: string | null;
  work_status: string | null;
  coordinator: string | null;
  crew_string: string | null;
  po_job_number: string | null;
  total_job: string | null;
  total_job_invoiced_actual: string | null;
  total_gross_profit: string | null;
  segment_count: string | null;
  segment_plan_feet: string | null;
  segment_total_feet: string | null;
  segment_percent_complete: string | null;
  // Migration 013: the ORCA dashboard's sort columns.
  permit_expiration_date: string | null;
  billing_due_date: string | null;
  task_count: string | null;
  cibe_difference: string | null;
}

/** An invoice of an ORCA job on the billing dashboard (migration 013), rewritten with its job's row. */
export interface OrcaInvoiceRow {
  account_id: string;
  id: string;
  job_id: string;
  version: number;
  position: string;
  archived: boolean;
  deleted: boolean;
  search: string;
  view: Record<string, unknown>;
  updated_at: string;
  account_job_number: string | null;
  job_title: string | null;
  customer: string | null;
  task_id: string | null;
  invoice_number: string | null;
  invoice_amount: string | null;
  status: string | null;
  status_since: string | null;
}

/** A settings catalog (crews, customers ...): the record list plus its name and active flag. */
export interface CatalogRow extends RecordListRow {
  name: string | null;
  active: boolean;
}

export interface ProjectRow extends RecordListRow {
  start_date: string | null;
  due_date: string | null;
  created_on: string | null;
  // Migration 011: the list's sort columns (numeric ones come back as strings).
  name: string | null;
  status: string | null;
  customer_names: string | null;
  work_type: string | null;
  place: string | null;
  po_number: string | null;
  po_amount: string | null;
  latest_note: string | null;
}

export interface ReportRow extends RecordListRow {
  requested_by: string | null;
  report: string | null;
  report_state: string | null;
  requested_at: Date | null;
}

export interface RoutineRow extends RecordListRow {
  name: string | null;
  category: string | null;
  frequency: string | null;
}

export interface DoRoutineRow extends RecordListRow {
  routine_id: string | null;
  name: string | null;
  assigned_to: string | null;
  due_date: string | null;
  status: string | null;
}

export interface SettingsRecordRow {
  account_id: string;
  id: string;
  aggregate: string;
  version: number;
  position: string;
  state: unknown;
  view: Record<string, unknown>;
  updated_at: Date;
}

export interface UserAppActivityRow {
  account_id: string;
  id: string;
  user_id: string;
  at: Date;
  position: string;
  activity: Record<string, unknown>;
}

export interface CollectionLineRow {
  account_id: string;
  collection: string;
  id: string;
  parent_stream: string;
  parent_id: string;
  line: Record<string, unknown> & { id: string };
  version: number;
  removed: boolean;
  updated_at: Date;
}

/** A bulk operation's progress row: the progress its requester sees (the domain's), and whose it is. */
export interface BulkOperationRow extends BulkProgress {
  id: string;
  account_id: string;
  requested_by: string;
  list: string;
  action: string;
  report_id: string | null;
  updated_at: Date;
}

/** Migration 014: the locate list (packages/read-model/src/locates/list.ts declares its columns). */
export interface LocateRow extends RecordListRow {
  form_type: string | null;
  locate_status: string | null;
  current_ticket_type: string | null;
  current_ticket_number: string | null;
  current_alt_ticket_number: string | null;
  current_date_submitted: string | null;
  current_work_date: string | null;
  current_date_expiration: string | null;
  created_on: string | null;
  account_job_number: string | null;
  task_id: string | null;
  job_ref: string | null;
  job_task_ref: string | null;
  customer: string | null;
  crew_string: string | null;
}

/** Migration 015: the help ticket list (packages/read-model/src/help/list.ts declares its columns). */
export interface HelpTicketRow extends RecordListRow {
  subject: string | null;
  ticket_status: string | null;
  submitter_status: string | null;
  our_status: string | null;
  ticket_type: string | null;
  priority: string | null;
  submitter_mood: string | null;
  completion_date: string | null;
  created_on: string | null;
  submitted_by: string | null;
  submitted_by_name: string | null;
  awaiting: string | null;
}

/** Migration 015: the customer order list (packages/read-model/src/orders/list.ts). */
export interface OrderRow extends RecordListRow {
  order_number: string | null;
  customer_name: string | null;
  status: string | null;
  order_date: string | null;
  created_on: string | null;
  total_price: string | null;
  item_count: string | null;
}

export interface BulkOperationRecordRow {
  operation_id: string;
  position: number;
  record_id: string;
  state: 'pending' | 'done' | 'failed';
  message: string | null;
  /** Migration 013: the counter's number an import took for the record's new job. */
  issued_number: string | null;
}

export interface UserPreferenceRow {
  user_id: string;
  name: string;
  value: unknown;
  updated_at: Date;
}

/** A condition told to a user (migrations/025, docs/notifications.md). */
export interface NotificationRow {
  id: string;
  account_id: string;
  user_id: string;
  kind: string;
  channel: string;
  aggregate: string;
  record_id: string;
  record_number: string | null;
  key: string;
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
  cleared_at: Date | null;
  emailed_at: Date | null;
  digested_at: Date | null;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    accounts: AccountRow;
    users: UserRow;
    signup_confirmations: SignupConfirmationRow;
    mail_outbox: MailOutboxRow;
    projection_checkpoints: ProjectionCheckpointRow;
    projection_rebuilds: ProjectionRebuildRow;
    process_heartbeats: ProcessHeartbeatRow;
    bids: BidRow;
    jobs: JobRow;
    orca_invoices: OrcaInvoiceRow;
    projects: ProjectRow;
    locates: LocateRow;
    help_tickets: HelpTicketRow;
    orders: OrderRow;
    reports: ReportRow;
    routines: RoutineRow;
    do_routines: DoRoutineRow;
    collection_lines: CollectionLineRow;
    user_preferences: UserPreferenceRow;
    bulk_operations: BulkOperationRow;
    bulk_operation_records: BulkOperationRecordRow;
    crews: CatalogRow;
    customers: CatalogRow;
    vendors: CatalogRow;
    raw_materials: CatalogRow;
    our_products: CatalogRow;
    sva_coordinators: CatalogRow;
    settings_records: SettingsRecordRow;
    user_app_activities: UserAppActivityRow;
    notifications: NotificationRow;
  }
}

export type { Knex };
