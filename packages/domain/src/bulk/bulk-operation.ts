/**
 * A bulk action a user asked for (archive, delete, zip or report over a list's selection). Its record
 * keeps the request and how it ended; ending is idempotent, so a worker retried after a crash records
 * the end once.
 */
import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type { BulkFile, BulkOperationCommand, BulkSelection } from './commands.ts';
import type { BulkOperationEvent } from './events.ts';
import { IMPORT_LIST, type BulkAction, type BulkListName, type BulkStatus } from './rules.ts';

export interface BulkOperationState {
  id: string | null;
  deleted: boolean;
  list: BulkListName | null;
  action: BulkAction | null;
  report: string | null;
  format: string | null;
  selection: BulkSelection | null;
  status: BulkStatus;
  requested_by: string | null;
  requested_by_name: string | null;
  requested_at: string | null;
  total: number | null;
  done: number;
  failed: number;
  file: BulkFile | null;
  message: string | null;
  finished_at: string | null;
}

export const initialBulkOperationState: BulkOperationState = {
  id: null,
  deleted: false,
  list: null,
  action: null,
  report: null,
  format: null,
  selection: null,
  status: 'queued',
  requested_by: null,
  requested_by_name: null,
  requested_at: null,
  total: null,
  done: 0,
  failed: 0,
  file: null,
  message: null,
  finished_at: null,
};

/** Done, failed or cancelled: nothing more is recorded on it. */
const ended = (s: Pick<BulkOperationState, 'status'>) => s.status === 'done' || s.status === 'failed' || s.status === 'cancelled';

export const bulkOperationDecider: Decider<BulkOperationState, BulkOperationCommand, BulkOperationEvent> = {
  aggregate: 'bulk_operation',
  initialState: initialBulkOperationState,
  decide(command, state) {
    if (command.type !== 'RequestBulkOperation' && !state.id) throw new DomainError('not_found', 'Bulk operation not found');
    switch (command.type) {
      case 'RequestBulkOperation': {
        if (state.id) throw new DomainError('already_exists', 'Bulk operation already requested');
        const { operationId, list, action, report, format, selection } = command;
        // An import reads its file into the ORCA jobs; every other action acts on a selection of records.
        if (action === 'import' && (list !== IMPORT_LIST || !('file' in selection))) throw new DomainError('invalid', `An import fills ${IMPORT_LIST} from a file`, { action: `import needs list ${IMPORT_LIST} and a file` });
        if (action !== 'import' && 'file' in selection) throw new DomainError('invalid', 'Only an import takes a file', { action: 'must be import for a file' });
        return [{ type: 'BulkOperationRequested', data: { id: operationId, list, action, report, format, selection } }];
      }
      case 'RecordBulkOperationFinished':
        // The end carries its message (a zip with nothing to zip), so no reader sees it done without it.
        return ended(state) ? [] : [{ type: 'BulkOperationFinished', data: { total: command.total, done: command.done, failed: command.failed, file: command.file, ...(command.message ? { message: command.message } : {}) } }];
      case 'RecordBulkOperationFailed':
        return ended(state) ? [] : [{ type: 'BulkOperationFailed', data: { message: command.message } }];
      case 'CancelBulkOperation':
        // Cancelling one that has ended already changes nothing (a second click, a race with its end).
        return ended(state) ? [] : [{ type: 'BulkOperationCancelled', data: {} }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event, meta) {
    switch (event.type) {
      case 'BulkOperationRequested':
        return { ...state, ...event.data, status: 'queued', requested_by: meta.userId, requested_by_name: meta.userName, requested_at: meta.at };
      case 'BulkOperationFinished':
        return { ...state, ...event.data, status: 'done', finished_at: meta.at };
      case 'BulkOperationFailed':
        return { ...state, status: 'failed', message: event.data.message, finished_at: meta.at };
      case 'BulkOperationCancelled':
        return { ...state, status: 'cancelled', finished_at: meta.at };
      default:
        return state;
    }
  },
};
