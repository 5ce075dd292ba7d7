/** Report commands: the API asks for a report; the worker records its progress and its file. */
import type { ReportFormat } from '../shared/report-catalogue.ts';

export interface ReportFile {
  sha256: string;
  size: number;
  content_type: string;
  file_name: string;
}

export type ReportCommand =
  | { type: 'RequestReport'; reportId: string; report: string; label: string; format: ReportFormat; params: Record<string, unknown>; file_name: string }
  | { type: 'StartReport' }
  | { type: 'RecordReportGenerated'; file: ReportFile; rows: number }
  | { type: 'RecordReportFailed'; error: string; attempt: number };
