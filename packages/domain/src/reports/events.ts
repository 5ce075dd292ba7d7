/** Report events, past tense. */
import type { DomainEvent } from '../shared/decider.ts';
import type { ReportFile } from './commands.ts';
import type { ReportFormat } from '../shared/report-catalogue.ts';

export type ReportRequested = DomainEvent<'ReportRequested', { id: string; report: string; label: string; format: ReportFormat; params: Record<string, unknown>; file_name: string }>;
/** A worker took the job (a second one after a crash shows as attempt 2). */
export type ReportStarted = DomainEvent<'ReportStarted', { attempt: number }>;
export type ReportGenerated = DomainEvent<'ReportGenerated', { file: ReportFile; rows: number }>;
export type ReportFailed = DomainEvent<'ReportFailed', { error: string; attempt: number }>;

export type ReportEvent = ReportRequested | ReportStarted | ReportGenerated | ReportFailed;
