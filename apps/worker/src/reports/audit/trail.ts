/**
 * The account's trail as a file (docs/audit-trail.md): the rows GET /api/audit/ shows for the same
 * filter, newest first, read in batches keyed by time and position (read-model `trailBatches`), bounded by
 * AUDIT_EXPORT_MAX_ROWS: a bigger trail fails at once with its reason rather than fill the worker's memory.
 */
import { UnrecoverableError } from 'bullmq';
import { auditTrailReport, col, type ReportColumn } from '@trenchline/domain';
import { trailBatches, type TrailEntry, type TrailFilter } from '@trenchline/read-model';
import type { ReportBuilder } from '../shared/builder.ts';
import { plural, subtitleOf } from '../shared/source.ts';

/** The most rows one export holds (AUDIT_EXPORT_MAX_ROWS, default 100,000). */
export const auditExportMaxRows = () => Number(process.env.AUDIT_EXPORT_MAX_ROWS ?? 100_000);

const columns: ReportColumn[] = [
  col.text('at', 'When', 22),
  col.text('user_name', 'Who', 20),
  col.text('role', 'Role', 10),
  col.text('area', 'Area', 10),
  col.text('record_number', 'Record #', 14),
  col.text('record_title', 'Record', 28),
  col.text('type', 'Event', 22),
  col.longtext('summary', 'What happened', 50),
  col.longtext('changes', 'Changes (field [line]: old → new)', 60),
  col.text('position', 'Position', 14),
];

const value = (v: unknown) => (v === null || v === undefined || v === '' ? '(blank)' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** One trail row as the file's row: every change written out, the line named by its number. */
const fileRow = (r: TrailEntry) => ({
  ...r,
  at: r.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
  changes: r.changes.map((c) => `${c.field}${c.line ? ` [${c.line}]` : ''}: ${value(c.old)} → ${value(c.new)}`).join('; '),
});

export const auditTrailExport: ReportBuilder = {
  name: auditTrailReport.name,
  async build(ctx, { accountId, params, at }) {
    const max = auditExportMaxRows();
    const rows: Record<string, unknown>[] = [];
    for await (const batch of trailBatches(ctx.db, accountId, params as TrailFilter, { max: max + 1 })) {
      if (rows.length + batch.length > max)
        throw new UnrecoverableError(`An audit trail export holds at most ${max.toLocaleString('en-US')} events and this filter matches more: narrow the dates, the area or the record.`);
      for (const r of batch) rows.push(fileRow(r));
    }
    return { title: auditTrailReport.label, subtitle: await subtitleOf(ctx, accountId, at, plural(rows.length, 'event')), columns, rows };
  },
};
