/** The Reports page's rules, kept pure for tests: order, live upserts, sizes, shown state. */
import { patchRows, type ReportProgress, type RowEvent } from '../../lib/realtime';
import type { ReportRow, ReportState } from './api/types';

/** Ids are numeric strings: longer is newer, then by digits. */
const compareIds = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

/** Newest first: by requested_at, then by id. */
export function sortReports(rows: readonly ReportRow[]): ReportRow[] {
  return [...rows].sort((a, b) => (b.requested_at ?? '').localeCompare(a.requested_at ?? '') || compareIds(String(b.id), String(a.id)));
}

/**
 * A list after a live 'row' event of the reports room (which carries the whole account's reports):
 * `onlyUser` keeps the caller's own list to reports the user asked for.
 */
export function applyReportEvent(rows: ReportRow[] | undefined, ev: RowEvent, onlyUser: string | null): ReportRow[] | undefined {
  if (onlyUser !== null && ev.op === 'upsert' && ev.row && String(ev.row.requested_by) !== String(onlyUser)) return rows;
  return patchRows(rows, ev, undefined);
}

/** One cached report after a live event about it; undefined keeps the cache as it is. */
export function mergeReport(old: ReportRow | undefined, ev: RowEvent): ReportRow | undefined {
  if (!old || ev.op !== 'upsert' || !ev.row || String(ev.id) !== String(old.id)) return undefined;
  const row = ev.row as unknown as ReportRow;
  if (typeof old.version === 'number' && typeof row.version === 'number' && row.version < old.version) return undefined;
  return { ...old, ...row };
}

/** 2048 -> '2.0 KB'. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${v.toFixed(1)} ${units[u]}`;
}

/** The state to show: a queued report the worker reports progress on is working. */
export function shownState(row: Pick<ReportRow, 'state'>, progress: ReportProgress | undefined): ReportState {
  return row.state === 'queued' && progress ? 'working' : row.state;
}

/** The progress to show on a row: only while it is not finished. */
export function liveProgress(row: Pick<ReportRow, 'state'>, progress: ReportProgress | undefined): ReportProgress | undefined {
  return row.state === 'ready' || row.state === 'failed' ? undefined : progress;
}

export const STATE_COLOUR: Record<ReportState, string> = {
  queued: 'gray',
  working: 'blue',
  ready: 'teal',
  failed: 'red',
};
