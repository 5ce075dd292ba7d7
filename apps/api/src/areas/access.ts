/**
 * Who may do what, area by area (docs/roles.md has the same matrix in words). An admin may do
 * everything; each rule says whether office, field and auditor users may. A path rule overrides its
 * area's rule for reads, writes or both. The route registry applies it (platform/access.ts);
 * tests/security/roles.test.ts walks every route against the plain rules of docs/roles.md.
 */
import type { AccessPolicy, AreaAccess, FieldGrant, Grant } from '../platform/access.ts';

const grant = (office: boolean, field: FieldGrant, auditor: boolean): Grant => ({ office, field, auditor });

/** Every role. */
const EVERYONE = grant(true, true, true);
/** Admin only: users, settings, cancelling the account. */
const ADMIN = grant(false, false, false);
/** Office work: no field user, no auditor (who writes nothing). */
const OFFICE = grant(true, false, false);
/** Reads of office work: the auditor reads everything. */
const OFFICE_READS = grant(true, false, true);
/** Field work: tickets and locates. */
const FIELD_READS = grant(true, true, true);
const FIELD_WRITES = grant(true, true, false);
/** The jobs a field user is assigned to, and their lines. */
const THEIR_READS = grant(true, 'theirs', true);
const THEIR_WRITES = grant(true, 'theirs', false);
/** Asking for a report or export file: it writes no business record, so an auditor may (docs/roles.md). */
const REPORT_REQUESTS = grant(true, false, true);

const officeArea = (noun: string): AreaAccess => ({ noun, read: OFFICE_READS, write: OFFICE });

/** A job's lines a field user keeps on the jobs they are assigned to: tasks, notes, files and photos, production, segments, damage reports. */
const FIELD_LINES = /^\/jobs\/(:id\/)?(tasks|notes|files|photos|general_files|productions|segments|damagereports)(\/|$)/;
/**
 * A job's money and payroll lines: PO items, change orders, invoices, crew payouts, CIBE mails, timesheets
 * and timecards. Not the CIBE items: a crew picks its production from them, and reads them with their
 * prices and totals left out like any money field (docs/roles.md "Money").
 */
const MONEY_LINES = /^\/jobs\/(:id\/)?(items|change_orders|invoices|crew_payouts|cibe_emails|timesheets|timecards)(\/|$)/;

export const accessPolicy: AccessPolicy = {
  areas: {
    health: { noun: 'health', read: EVERYONE, write: ADMIN },
    auth: { noun: 'their sign-in', read: EVERYONE, write: EVERYONE },
    bids: officeArea('bids'),
    projects: officeArea('projects'),
    rfqs: officeArea('RFQs'),
    sales: officeArea('sales'),
    orders: officeArea('orders'),
    routines: officeArea('routines'),
    help: officeArea('help requests'),
    bulk: officeArea('bulk actions'),
    report_schedules: officeArea('report schedules'),
    // What would have been mailed: the admin's; the auditor reads everything.
    mail_outbox: { noun: 'the mail outbox', read: grant(false, false, true), write: ADMIN },
    reports: {
      noun: 'this report',
      verbs: { read: 'see', write: 'ask for' },
      read: EVERYONE,
      write: REPORT_REQUESTS,
      paths: [
        { path: /^\/tickets\/:id\/pdf$/, write: grant(true, true, true) },
        { path: /^\/locates\/report\/locates$/, write: grant(true, true, true) },
        { path: /^\/jobs\/work_orders\/:id\/pdf$/, write: grant(true, 'theirs', true) },
      ],
    },
    settings: {
      noun: 'settings',
      // Pickers read the catalogs (crews, customers, products) on every form.
      read: EVERYONE,
      write: ADMIN,
      paths: [
        { path: /^\/settings\/(users|account|catalog|current_number|jobs\/sva_)/, read: OFFICE_READS, what: "see the account's users, subscription, numbering or rates" },
        // Taking the next invoice or ticket number is office work; setting where numbering stands is a setting.
        { path: /^\/settings\/current_number\/.+\/issue$/, write: OFFICE, what: 'issue document numbers' },
        // What the user did in an app, and the help they opted out of: their own, not the account's.
        { path: /^\/settings\/(user_app_activities|how2s\/sections\/:id\/opt_out)$/, write: EVERYONE },
      ],
    },
    jobs: {
      noun: 'jobs',
      read: THEIR_READS,
      write: OFFICE,
      paths: [
        { path: /^\/jobs$/, read: THEIR_READS, narrow: 'assigned_to' },
        { path: FIELD_LINES, write: THEIR_WRITES },
        { path: MONEY_LINES, read: OFFICE_READS, what: 'see money or payroll lines' },
        // The job screens find a job by its number first: a field user's look-up finds only their own.
        { path: /^\/jobs\/lookup\//, read: THEIR_READS, narrow: 'assigned_to' },
        { path: /^\/jobs\/(orcas(?!\/dashboard_prefs)|all_others|new)/, read: OFFICE_READS, what: 'see the ORCA dashboards or look jobs up beyond their own' },
      ],
    },
    locates: {
      noun: 'locates',
      read: FIELD_READS,
      write: FIELD_WRITES,
      paths: [{ path: /^\/settings\/locates/, write: ADMIN, what: 'change locate settings' }],
    },
    tickets: {
      noun: 'tickets',
      read: FIELD_READS,
      write: FIELD_WRITES,
      paths: [
        { path: /^\/tickets\/(:id\/)?payroll(\/|$)/, read: OFFICE_READS, write: OFFICE, what: 'see or change ticket payroll' },
        { path: /^\/tickets\/(:id\/approve|ticket_approvals)$/, write: OFFICE, what: 'approve tickets' },
      ],
    },
    files: { noun: 'files', read: THEIR_READS, write: OFFICE },
    // A resumable upload's bytes, the user's own until a line's add (checked there) takes them: whoever may upload.
    uploads: { noun: 'uploads', read: FIELD_READS, write: FIELD_WRITES },
    list_columns: { noun: 'their columns', read: EVERYONE, write: EVERYONE },
    // The account's trail, its export and the history check (issue 32): read by office and auditors.
    audit: { noun: 'the audit trail', read: OFFICE_READS, write: REPORT_REQUESTS },
    // A user's own notifications and channels; the account's N per kind is a setting (read like the account's, changed by admins).
    notifications: {
      noun: 'their notifications',
      read: EVERYONE,
      write: EVERYONE,
      paths: [{ path: /^\/settings\/notifications/, read: OFFICE_READS, write: ADMIN, what: 'see or change the notification rules' }],
    },
    // Webhooks carry their signing secret: admins only (docs/webhooks.md).
    webhooks: { noun: 'webhooks', read: ADMIN, write: ADMIN },
  },
  everywhere: [
    // A user's own saved search dates and dashboard choices: preferences, not records.
    { path: /\/(search_dates|dashboard_prefs)$/, read: EVERYONE, write: EVERYONE },
  ],
  fallback: { noun: 'this', read: OFFICE_READS, write: OFFICE },
  theirs: { open: ['ticket', 'locate'], assigned: { aggregate: 'job', table: 'jobs', column: 'assigned_users' } },
};
