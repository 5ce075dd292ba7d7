/**
 * Bulk actions over a record list (docs/bulk.md): what each list allows, the command each record gets
 * (the same one the single archive or delete sends), the labels the requester sees, and the zip's names.
 */
import { bundleZipName } from '../shared/rules.ts';
import { safeBaseName, uniqueNamer } from '../shared/file-names.ts';

export const BULK_ACTIONS = ['archive', 'delete', 'zip', 'report', 'import', 'reup'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** The actions over a list's selection (POST /api/bulk/); an import comes with its file instead (the ORCA CSV import). */
export const SELECTION_ACTIONS = BULK_ACTIONS.filter((a) => a !== 'import');
/** The list a CSV import fills: ORCA jobs only. */
export const IMPORT_LIST = 'orca_jobs';

/** 'cancelled': its requester stopped it; what was done before stays done. */
export const BULK_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** At most this many explicit ids; more is "all that match" (a filter). */
export const BULK_MAX_IDS = 1000;

export interface BulkList {
  /** The records' aggregate. */
  aggregate: string;
  /** What the single archive sends (PUT {archived: true}) and what DELETE sends. */
  archive: { type: string; values: { archived: true } };
  remove: { type: string };
  /**
   * The catalogue's reports a bulk `report` on the list builds, by the name the request gives
   * (`bulkReportOf`): the ORCA dashboard's `management` is the ORCA management report, the job list's
   * the job management report. None: a bulk report on it is a 400 naming `report`. Named by the
   * catalogue's name (registry.test.ts checks each is a report), so bulk reaches into no area.
   */
  reports: Readonly<Record<string, string>>;
  /** The zip's name prefix ('Job PDF Bundles 11-22-2026.zip'). */
  zipPrefix: string;
  /** A bundle's name inside the zip starts with this. */
  entryPrefix(view: Record<string, unknown>): string;
  /** The actions it takes (default all but a re-up, which only locates take). */
  actions?: readonly BulkAction[];
  /**
   * The rows are lines of a record (the billing dashboard's invoices): each is removed from its record,
   * named by the list table's `parentColumn`, with the line command the single DELETE sends.
   */
  line?: { collection: string; parentColumn: string; noun: string };
  /** What a zip holds: the records' PDF bundles (default), or their photos (tickets: '{number} Photos {date}'). */
  zipOf?: 'bundles' | 'photos';
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const jobs: BulkList = {
  aggregate: 'job',
  archive: { type: 'ReviseJob', values: { archived: true } },
  remove: { type: 'DeleteJob' },
  reports: { ops: 'jobs.ops', management: 'jobs.management', crew: 'jobs.crew', segment_production: 'jobs.segment_production' },
  zipPrefix: 'Job',
  entryPrefix: (v) => [v.account_job_number ? `Job ${text(v.account_job_number)}` : `Job #${String(v.id)}`, text(v.title)].filter(Boolean).join(' '),
};

const locates: BulkList = {
  aggregate: 'locate',
  archive: { type: 'ReviseLocate', values: { archived: true } },
  remove: { type: 'DeleteLocate' },
  reports: { locates: 'locates.locates' },
  zipPrefix: 'Locate',
  entryPrefix: (v) => text(v.current_ticket_number) || `Locate ${String(v.id)}`,
  actions: ['archive', 'delete', 'report', 'reup'],
};

/** The lists a bulk action may act on: the list engine's names (all_other_jobs: the all-other-jobs dashboard's jobs). */
/** Whether a list takes an action. */
export const bulkListTakes = (list: BulkList, action: BulkAction) => (list.actions ? list.actions.includes(action) : action !== 'reup');

export const BULK_LISTS = {
  jobs,
  all_other_jobs: jobs,
  // The ORCA dashboard's jobs: the same commands, their own zip name, and the four ORCA reports (its menu's).
  orca_jobs: {
    ...jobs,
    zipPrefix: 'Orca Job',
    reports: { ops: 'jobs.orca_ops', management: 'jobs.orca_management', billing_invoices: 'jobs.orca_billing_invoices', cibe_table: 'jobs.orca_cibe_table' },
  },
  // The ORCA billing dashboard's invoices (lines of their jobs): deleted only.
  orca_billings: {
    ...jobs,
    actions: ['delete'],
    line: { collection: 'job_invoices', parentColumn: 'job_id', noun: 'Invoice' },
    zipPrefix: 'Invoice',
    entryPrefix: (v) => text(v.invoice_number) || `Invoice ${String(v.id)}`,
  },
  bids: {
    aggregate: 'bid',
    archive: { type: 'ReviseBid', values: { archived: true } },
    remove: { type: 'DeleteBid' },
    reports: {},
    zipPrefix: 'Bid',
    entryPrefix: (v) => text(v.work_request) || `Bid ${String(v.id)}`,
  },
  // The locate list and the expiring view: a re-up of each is one LocateReUpped (the worker gives it today and the account's rules).
  locates: locates,
  expiring_locates: locates,
  // Help tickets: archive, delete and the management report over a selection.
  help_tickets: {
    aggregate: 'help_ticket',
    archive: { type: 'ReviseHelpTicket', values: { archived: true } },
    remove: { type: 'DeleteHelpTicket' },
    reports: { management: 'help.management' },
    zipPrefix: 'Help',
    entryPrefix: (v) => text(v.subject) || `Help ticket ${String(v.id)}`,
    actions: ['archive', 'delete', 'report'],
  },
  // Customer orders: archive and delete (an order's PDF is one order's).
  orders: {
    aggregate: 'order',
    archive: { type: 'ReviseOrder', values: { archived: true } },
    remove: { type: 'DeleteOrder' },
    reports: {},
    zipPrefix: 'Order',
    entryPrefix: (v) => text(v.order_number) || `Order ${String(v.id)}`,
    actions: ['archive', 'delete'],
  },
  // Field tickets: archive, delete, and a zip of their photos (the ticket's, its production lines' and damage reports').
  tickets: {
    aggregate: 'ticket',
    archive: { type: 'ReviseTicket', values: { archived: true } },
    remove: { type: 'DeleteTicket' },
    reports: {},
    zipPrefix: 'Ticket',
    zipOf: 'photos',
    entryPrefix: (v) => text(v.account_ticket_number) || `Ticket ${String(v.id)}`,
    actions: ['archive', 'delete', 'zip'],
  },
  // RFQs: archive, delete ('Selected rfqs deleted') and the management report.
  rfqs: {
    aggregate: 'rfq',
    archive: { type: 'ReviseRfq', values: { archived: true } },
    remove: { type: 'DeleteRfq' },
    reports: { management: 'rfqs.management' },
    zipPrefix: 'RFQ',
    entryPrefix: (v) => text(v.account_rfq_number) || `RFQ ${String(v.id)}`,
    actions: ['archive', 'delete', 'report'],
  },
  // The sales tracker's organisations: archive and delete.
  sales_organizations: {
    aggregate: 'sales_organization',
    archive: { type: 'ReviseSalesOrganization', values: { archived: true } },
    remove: { type: 'DeleteSalesOrganization' },
    reports: {},
    zipPrefix: 'Organization',
    entryPrefix: (v) => text(v.name) || `Organization ${String(v.id)}`,
    actions: ['archive', 'delete'],
  },
  projects: {
    aggregate: 'project',
    archive: { type: 'ReviseProject', values: { archived: true } },
    remove: { type: 'DeleteProject' },
    reports: { management: 'projects.management' },
    zipPrefix: 'Project',
    entryPrefix: (v) => text(v.name) || `Project ${String(v.id)}`,
  },
} as const satisfies Record<string, BulkList>;

export type BulkListName = keyof typeof BULK_LISTS;

/**
 * The catalogue report (its name, `jobs.orca_management`) a bulk `report` on the list asks for: by the
 * list's name for it (`management`), or by the catalogue's own name, short or whole (`orca_management`,
 * `jobs.orca_management`), of a report the list declares. Undefined: the list takes no such report.
 */
export function bulkReportOf(list: Pick<BulkList, 'reports'>, name: string): string | undefined {
  const declared = Object.entries(list.reports);
  const found = declared.find(([as]) => as === name) ?? declared.find(([, r]) => r === name || r.endsWith(`.${name}`));
  return found?.[1];
}

/** The names a list's bulk reports go by (for a 400's words). */
export const bulkReportNames = (list: Pick<BulkList, 'reports'>) => Object.keys(list.reports);
export const BULK_LIST_NAMES = Object.keys(BULK_LISTS) as BulkListName[];

/** The label shown while an action runs (a zip moves through the spec's three). */
export const BULK_LABELS: Record<BulkAction, string> = { archive: 'Archiving...', delete: 'Deleting...', report: 'Working...', zip: 'Calculating...', import: 'Importing...', reup: 'Re-upping...' };
export const ZIP_LABELS = { resolving: 'Calculating...', fetching: 'Fetching...', sending: 'Sending...' } as const;

/** A zip with nothing to put in it (no selected record has a bundle, or a photo): spec 2 and 3 section 5's words. */
export const NOTHING_TO_ZIP = 'Please upload a file first...';

/** The zip of a list's bundles: '<prefix> PDF Bundles M-D-YYYY.zip'. */
export const bulkZipName = (list: BulkListName, today: string) => bundleZipName(BULK_LISTS[list].zipPrefix, today);

/**
 * Names inside the zip: '<prefix> - <file name>', flat and safe (the file's safe base name, the record's
 * words with / \ : * ? " < > | as '-'; docs/security.md "File names"), a repeated name numbered ' (2)'
 * (letter case aside). `fallback` names a file with no usable name. Keeps state across calls (one per zip).
 */
export function zipEntryNamer() {
  const unique = uniqueNamer();
  return (prefix: string, fileName: string | null | undefined, fallback = 'bundle.pdf') =>
    unique(`${prefix.replace(/[\\/:*?"<>|]+/g, '-')} - ${safeBaseName(fileName, fallback)}`, fallback);
}
