/**
 * Bulk actions over a record list (docs/bulk.md): what each list allows, the command each record gets
 * (the same one the single archive or delete sends), the labels the requester sees, and the zip's names.
 */
import { bundleZipName } from '../shared/rules.ts';
import { safeBaseName, uniqueNamer } from '../shared/file-names.ts';

export { BULK_ACTIONS, SELECTION_ACTIONS, bulkListTakes, bulkEntryNamed, type BulkAction, type BulkList, type BulkListDecl } from '../shared/bulk-lists.ts';
import type { BulkAction, BulkList } from '../shared/bulk-lists.ts';
/** The list a CSV import fills: ORCA jobs only. */
export const IMPORT_LIST = 'orca_jobs';
/** A list's name among those the areas declare for bulk actions (the registry's `bulkListNames`). */
export type BulkListName = string;

/** 'cancelled': its requester stopped it; what was done before stays done. */
export const BULK_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** At most this many explicit ids; more is "all that match" (a filter). */
export const BULK_MAX_IDS = 1000;

/**
 * The catalogue report (its name, `jobs.orca_management`) a bulk `report` on the list asks for: by the
 * list's name for it (`management`), or by the catalogue's own name, short or whole (`orca_management`,
 * `jobs.orca_management`), of a report the list declares. Undefined: the list takes no such report.
 */
export function bulkReportOf(list: Pick<BulkList, 'reports'>, name: string): string | undefined {
  const declared = Object.entries(list.reports ?? {});
  const found = declared.find(([as]) => as === name) ?? declared.find(([, r]) => r === name || r.endsWith(`.${name}`));
  return found?.[1];
}

/** The names a list's bulk reports go by (for a 400's words). */
export const bulkReportNames = (list: Pick<BulkList, 'reports'>) => Object.keys(list.reports ?? {});

/** The label shown while an action runs (a zip moves through the spec's three). */
export const BULK_LABELS: Record<BulkAction, string> = { archive: 'Archiving...', delete: 'Deleting...', report: 'Working...', zip: 'Calculating...', import: 'Importing...', reup: 'Re-upping...' };
export const ZIP_LABELS = { resolving: 'Calculating...', fetching: 'Fetching...', sending: 'Sending...' } as const;

/** A zip with nothing to put in it (no selected record has a bundle, or a photo): spec 2 and 3 section 5's words. */
export const NOTHING_TO_ZIP = 'Please upload a file first...';

/** The zip of a list's bundles: '<prefix> PDF Bundles M-D-YYYY.zip'. */
export const bulkZipName = (list: Pick<BulkList, 'zipPrefix'>, today: string) => bundleZipName(list.zipPrefix, today);

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
