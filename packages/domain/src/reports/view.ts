/** A report as its requester sees it in the Reports page and the API. */
import type { ReportState } from './report.ts';

export function reportView(s: ReportState) {
  return {
    id: s.id!,
    report: s.report,
    label: s.label,
    format: s.format,
    params: s.params,
    state: s.state,
    file_name: s.file?.file_name ?? s.file_name,
    size: s.file?.size ?? null,
    rows: s.rows,
    attempts: s.attempts,
    requested_by: s.requested_by,
    requested_by_name: s.requested_by_name,
    requested_at: s.requested_at,
    generated_at: s.generated_at,
    error: s.error,
    file: s.state === 'ready' ? `/api/reports/${s.id}/file/` : null,
    archived: false,
  };
}
