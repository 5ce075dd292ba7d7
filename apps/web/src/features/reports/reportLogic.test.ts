import { describe, expect, it } from 'vitest';
import type { ReportRow } from './api/types';
import { applyReportEvent, formatSize, liveProgress, mergeReport, shownState, sortReports } from './reportLogic';

const report = (id: string, over: Partial<ReportRow> = {}): ReportRow => ({
  id,
  report: 'projects.management',
  label: 'Management report',
  format: 'xlsx',
  state: 'queued',
  file_name: null,
  size: null,
  requested_by: '7',
  requested_by_name: 'Ann Office',
  requested_at: '2026-11-22T14:00:00.000Z',
  generated_at: null,
  error: null,
  file: null,
  version: 1,
  ...over,
});

describe('reports list', () => {
  it('orders newest first, by request time then id', () => {
    const rows = [report('9', { requested_at: '2026-11-21T10:00:00Z' }), report('10'), report('11'), report('8', { requested_at: '2026-11-23T08:00:00Z' })];
    expect(sortReports(rows).map((r) => r.id)).toEqual(['8', '11', '10', '9']);
  });

  it("upserts a live row into the user's own list only when the user asked for it", () => {
    const mine = [report('1')];
    const theirs = { list: 'reports', op: 'upsert' as const, id: '2', row: report('2', { requested_by: '8' }) };
    expect(applyReportEvent(mine, theirs, '7')).toBe(mine);
    expect(applyReportEvent(mine, theirs, null)?.map((r) => r.id)).toEqual(['1', '2']);
    // Ids may come as numbers from one side and strings from the other.
    const ready = { list: 'reports', op: 'upsert' as const, id: 1, row: report('1', { requested_by: 7 as unknown as string, state: 'ready', version: 2 }) };
    expect(applyReportEvent(mine, ready, '7')?.[0].state).toBe('ready');
  });

  it('merges a live row into the one report shown, never going back a version', () => {
    const shown = report('5', { version: 3 });
    expect(mergeReport(shown, { list: 'reports', op: 'upsert', id: '5', row: report('5', { state: 'ready', version: 4 }) })?.state).toBe('ready');
    expect(mergeReport(shown, { list: 'reports', op: 'upsert', id: '5', row: report('5', { state: 'queued', version: 2 }) })).toBeUndefined();
    expect(mergeReport(undefined, { list: 'reports', op: 'upsert', id: '5', row: report('5') })).toBeUndefined();
  });

  it('shows sizes in B, KB and MB', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(5 * 1024 * 1024 + 1)).toBe('5.0 MB');
  });

  it('shows a queued report with progress as working, and no progress once it is finished', () => {
    const p = { id: '1', label: 'Fetching...', percent: 40 };
    expect(shownState(report('1'), p)).toBe('working');
    expect(shownState(report('1'), undefined)).toBe('queued');
    expect(liveProgress(report('1', { state: 'ready' }), p)).toBeUndefined();
    expect(liveProgress(report('1', { state: 'working' }), p)).toBe(p);
  });
});
