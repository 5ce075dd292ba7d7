/**
 * A report asked for by a user and built by the worker. Recording a file is idempotent: a worker that
 * crashed after storing it and is retried finds the report ready and records nothing more, so every
 * request completes once.
 */
import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type { ReportCommand, ReportFile } from './commands.ts';
import type { ReportEvent } from './events.ts';
import type { ReportFormat } from '../shared/report-catalogue.ts';
import type { ReportStateName } from './rules.ts';

export interface ReportState {
  id: string | null;
  deleted: boolean;
  report: string | null;
  label: string | null;
  format: ReportFormat | null;
  params: Record<string, unknown>;
  file_name: string | null;
  state: ReportStateName;
  requested_by: string | null;
  requested_by_name: string | null;
  requested_at: string | null;
  attempts: number;
  file: ReportFile | null;
  rows: number | null;
  generated_at: string | null;
  error: string | null;
  last_updated: string | null;
}

export const initialReportState: ReportState = {
  id: null,
  deleted: false,
  report: null,
  label: null,
  format: null,
  params: {},
  file_name: null,
  state: 'queued',
  requested_by: null,
  requested_by_name: null,
  requested_at: null,
  attempts: 0,
  file: null,
  rows: null,
  generated_at: null,
  error: null,
  last_updated: null,
};

export const reportDecider: Decider<ReportState, ReportCommand, ReportEvent> = {
  aggregate: 'report',
  initialState: initialReportState,
  decide(command, state) {
    if (command.type !== 'RequestReport' && !state.id) throw new DomainError('not_found', 'Report not found');
    switch (command.type) {
      case 'RequestReport': {
        if (state.id) throw new DomainError('already_exists', 'Report already requested');
        const { reportId, report, label, format, params, file_name } = command;
        return [{ type: 'ReportRequested', data: { id: reportId, report, label, format, params, file_name } }];
      }
      case 'StartReport':
        // Each start is a fact (a worker killed mid-report shows as a second start), until it is ready.
        return state.state === 'ready' ? [] : [{ type: 'ReportStarted', data: { attempt: state.attempts + 1 } }];
      case 'RecordReportGenerated':
        return state.state === 'ready' ? [] : [{ type: 'ReportGenerated', data: { file: command.file, rows: command.rows } }];
      case 'RecordReportFailed':
        return state.state === 'ready' ? [] : [{ type: 'ReportFailed', data: { error: command.error, attempt: command.attempt } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    switch (event.type) {
      case 'ReportRequested':
        return { ...touched, ...event.data, state: 'queued', requested_by: meta.userId, requested_by_name: meta.userName, requested_at: meta.at };
      case 'ReportStarted':
        return { ...touched, state: 'working', attempts: event.data.attempt, error: null };
      case 'ReportGenerated':
        return { ...touched, state: 'ready', file: event.data.file, rows: event.data.rows, generated_at: meta.at, error: null };
      case 'ReportFailed':
        return { ...touched, state: 'failed', error: event.data.error };
      default:
        return state;
    }
  },
};
