/** The reports contract (docs/reports.md): one shape for the list, one report and live 'row' events. */

export type ReportState = 'queued' | 'working' | 'ready' | 'failed';

export type ReportRow = {
  id: string;
  /** Which report, e.g. 'projects.management'. */
  report: string;
  label: string;
  format: 'xlsx' | 'pdf' | string;
  state: ReportState;
  file_name: string | null;
  size: number | null;
  requested_by: string;
  requested_by_name: string | null;
  requested_at: string;
  generated_at: string | null;
  error: string | null;
  /** The download URL, once ready. */
  file: string | null;
  /** What the report was asked with (e.g. the project ids), its row count and the worker's attempts. */
  params?: Record<string, unknown>;
  rows?: number | null;
  attempts?: number;
  version?: number;
};

// Not under ['list', ...]: live rows are put in these caches by useLiveReports, which knows whose they are.
export const reportsRoot = ['reports'] as const;
export const reportsKey = (all: boolean) => ['reports', 'list', all ? 'all' : 'mine'] as const;
export const reportKey = (id: string) => ['reports', 'one', id] as const;
