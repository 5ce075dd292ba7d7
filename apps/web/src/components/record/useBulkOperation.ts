/**
 * A bulk action run by the worker (contract §2): POST /api/bulk/, then its progress (label, done of
 * total) from the live 'bulk_operations' rows and a poll every second, until it is done or failed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '../../lib/http';
import { useLiveRowEvents, type RowEvent } from '../../lib/realtime';
import type { ListFilter } from '../table/pagedList';

export type BulkList = 'jobs' | 'all_other_jobs' | 'bids' | 'projects' | 'orca_jobs' | 'orca_billings' | 'locates' | 'expiring_locates' | 'help_tickets' | 'orders' | 'tickets' | 'rfqs' | 'sales_organizations';
/** 'import' is started by its own call (the ORCA CSV import), then followed like any other; only locates take 'reup'. */
export type BulkAction = 'archive' | 'delete' | 'zip' | 'report' | 'import' | 'reup';

export interface BulkOperation {
  id: string;
  list: BulkList;
  action: BulkAction;
  /** 'cancelled': stopped by its requester; done counts what was done before. */
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  total: number | null;
  done: number;
  failed: number;
  label: string;
  file_url: string | null;
  message?: string | null;
}

/**
 * What the action acts on: the selected ids, or every row matching the filter but those excepted;
 * `matching`: how many rows the filter matches when nothing was selected (said in the report's question,
 * 'about' when `matchingEstimated`; neither is sent).
 */
export type BulkTarget = { ids: string[] } | { filter: ListFilter; except: string[]; matching?: number; matchingEstimated?: boolean };

/** A list's selection as the bulk body takes it; null when nothing is selected, unless `orAllMatching` (reports): then all that match. */
export type SelectionTarget = (orAllMatching?: boolean) => BulkTarget | null;

/** The body's selection: the count said in the question stays on the screen. */
const sentTarget = (t: BulkTarget) => ('ids' in t ? { ids: t.ids } : { filter: t.filter, except: t.except });

export interface BulkRequest {
  list: BulkList;
  action: BulkAction;
  report?: string;
  format?: string;
  /** A report asked from a list shown as it stood: made of the rows as they were then. */
  as_of?: string;
}

const POLL_MS = 1000;

export const isFinished = (op: BulkOperation) => op.status === 'done' || op.status === 'failed' || op.status === 'cancelled';

/** The button's words while it runs: 'Archiving... 1,200 of 10,000'. */
export function progressText(op: BulkOperation): string {
  if (op.total === null || op.total === undefined) return op.label;
  return `${op.label} ${op.done.toLocaleString('en-US')} of ${op.total.toLocaleString('en-US')}`;
}

/** Follows one bulk operation at a time, the newest; `run` resolves with its last state when it is done or failed. */
export function useBulkOperation() {
  const [op, setOp] = useState<BulkOperation | null>(null);
  const waiting = useRef<{ id: string; resolve: (op: BulkOperation) => void; last: BulkOperation } | null>(null);

  const seen = useCallback((next: BulkOperation) => {
    const w = waiting.current;
    if (!w || String(next.id) !== w.id) return;
    w.last = next;
    setOp(next);
    if (isFinished(next)) {
      waiting.current = null;
      w.resolve(next);
    }
  }, []);

  useLiveRowEvents(
    'bulk_operations',
    useCallback((ev: RowEvent) => ev.op === 'upsert' && ev.row && seen(ev.row as unknown as BulkOperation), [seen]),
  );

  // The poll: live progress may not reach this screen (or be throttled), the answer always does.
  const id = op && !isFinished(op) ? String(op.id) : null;
  useEffect(() => {
    if (!id) return;
    const t = setInterval(() => {
      http.get<BulkOperation>(`/api/bulk/${encodeURIComponent(id)}/`).then(seen, () => {});
    }, POLL_MS);
    return () => clearInterval(t);
  }, [id, seen]);

  /** Ask for the operation (202 with it), without following it: a report's toast follows it. */
  const start = (request: BulkRequest, target: BulkTarget) => http.post<BulkOperation>('/api/bulk/', { ...request, ...sentTarget(target) });

  const run = async (request: BulkRequest, target: BulkTarget): Promise<BulkOperation> => track(await start(request, target));

  /**
   * Follow an operation another call started (the CSV import's 202) until it is done or failed. A newer
   * one (a second report asked while the first is made) takes over: the older resolves with its last state.
   */
  const track = async (started: BulkOperation): Promise<BulkOperation> => {
    const older = waiting.current;
    const finished = new Promise<BulkOperation>((resolve) => {
      waiting.current = { id: String(started.id), resolve, last: started };
    });
    older?.resolve(older.last);
    setOp(started);
    if (isFinished(started)) seen(started);
    const last = await finished;
    setOp((now) => (now && String(now.id) === String(started.id) ? null : now));
    return last;
  };

  /** Stop the running operation (POST /api/bulk/{id}/cancel/): the worker ends it at its next record. */
  const cancel = async () => {
    if (op && !isFinished(op)) seen(await http.post<BulkOperation>(`/api/bulk/${encodeURIComponent(String(op.id))}/cancel/`, {}));
  };

  return { op, busy: op !== null, run, start, track, cancel };
}
