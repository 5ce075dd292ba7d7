/** A bulk operation as its requester sees it (GET /api/bulk/{id}/ and the live `bulk_operations` rows). */
import { BULK_LABELS } from './rules.ts';
import type { BulkOperationState } from './bulk-operation.ts';

/** Progress kept beside the record while it runs (the operation's table row). */
export interface BulkProgress {
  status: BulkOperationState['status'];
  total: number | null;
  done: number;
  failed: number;
  label: string | null;
  file_url: string | null;
  message: string | null;
}

export function bulkOperationView(s: BulkOperationState, progress?: Partial<BulkProgress>) {
  const finished = s.status === 'done' || s.status === 'failed';
  // A cancelled one's status is final too, but its counts are the worker's (how far it got), kept in its progress row.
  const cancelled = s.status === 'cancelled';
  return {
    id: s.id!,
    list: s.list,
    action: s.action,
    // The record's end is final; until then the worker's progress row says where it is.
    status: finished || cancelled ? s.status : (progress?.status ?? s.status),
    total: finished ? s.total : (progress?.total ?? null),
    done: finished ? s.done : (progress?.done ?? 0),
    failed: finished ? s.failed : (progress?.failed ?? 0),
    label: finished ? (s.status === 'done' ? 'Done' : 'Failed') : cancelled ? 'Cancelled' : (progress?.label ?? BULK_LABELS[s.action!]),
    file_url: cancelled ? null : (s.file?.url ?? progress?.file_url ?? null),
    message: s.message ?? progress?.message ?? null,
  };
}
export type BulkOperationView = ReturnType<typeof bulkOperationView>;
