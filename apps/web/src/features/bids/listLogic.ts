/**
 * The bid list's own logic: its default sort, the free-text and market filter, and which selected
 * rows have a PDF bundle to zip. Sort and selection are lib/listLogic.ts. Tested in listLogic.test.ts.
 */
import { zipEntriesOf, type ZipEntry } from '../../lib/bundleZip';
import { matchesText, type Sort } from '../../lib/listLogic';
import type { PdfBundleRef } from './api/types';

/** Spec 1: bids sort by bid_days_away ascending by default. */
export const DEFAULT_SORT: Sort = { key: 'bid_days_away', dir: 'asc' };

type Filterable = { id: string; market?: string | null } & Record<string, unknown>;

export function filterBids<T extends Filterable>(rows: T[], text: string, market: string | null): T[] {
  return rows.filter((r) => (!market || r.market === market) && matchesText(r, text));
}

// ---- PDF bundle zip -------------------------------------------------------------------------

export type { ZipEntry };

/**
 * The bundles to zip: selected rows that are visible (a row hidden by the filter is not acted on)
 * and have a PDF bundle, named after the bid's work request (or id). Empty means 'Please Select Rows first...'.
 */
export function zipEntries(
  visible: { id: string; work_request?: string | null; pdf_bundle?: PdfBundleRef | null }[],
  selected: ReadonlySet<string>,
): ZipEntry[] {
  return zipEntriesOf(visible, selected, (row) => row.work_request || `Bid ${row.id}`);
}
