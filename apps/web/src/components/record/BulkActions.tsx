/**
 * The bulk buttons of a record list (projects, jobs): each acts on every selected row, one request
 * per record, after the spec's warning; nothing selected says 'Please select rows first.'; at the
 * end they say how many failed, if any, else 'Selected <records> <done>' ('Selected jobs deleted').
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../lib/confirm';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { saveUrl } from '../../lib/download';
import { progressText, useBulkOperation, type BulkList, type BulkRequest, type BulkTarget } from './useBulkOperation';

export const SELECT_ROWS_FIRST = 'Please select rows first.';
export const DELETE_SELECTED_WARNING = 'Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE';
export const ARCHIVE_SELECTED_WARNING = 'Are you sure you want to archive selected records?';

/** Runs one request per record, one after another; says how many failed, if any. */
export async function eachRecord(ids: string[], call: (id: string) => Promise<void>): Promise<{ failed: number; lastError: unknown }> {
  let failed = 0;
  let lastError: unknown = null;
  for (const id of ids) {
    try {
      await call(id);
    } catch (e) {
      failed += 1;
      lastError = e;
    }
  }
  return { failed, lastError };
}

export interface BulkProps {
  ids: string[];
  onDone: () => void;
  /** What the records are called in the messages: 'projects', 'jobs'. */
  records: string;
  /** The request for one record and what it changes in the cache. */
  each: (qc: QueryClient, id: string) => Promise<void>;
}

interface BulkAction {
  label: string;
  /** The spec's warning, asked before anything is sent. */
  warning: string;
  /** 'deleted', 'archived': what the messages say was done. */
  done: string;
  c?: string;
}

/** A button acting on every selected record, after its warning. */
export function BulkButton({ ids, onDone, records, each, label, warning, done, c }: BulkProps & BulkAction) {
  const message = useMessage();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (ids.length === 0) {
      message(SELECT_ROWS_FIRST);
      return;
    }
    if (!confirmAction(warning)) return;
    setBusy(true);
    const { failed, lastError } = await eachRecord(ids, (id) => each(qc, id));
    setBusy(false);
    onDone();
    if (failed) message(`${failed} of ${ids.length} ${records} could not be ${done}. Problem.  ${errorText(lastError)}`, 'error');
    else message(`Selected ${records} ${done}`, 'success');
  };
  return (
    <Button size="xs" variant="default" c={c} onClick={() => void run()} loading={busy}>
      {label}
    </Button>
  );
}

/** Delete the selected records, after the warning that it cannot be undone. */
export const DeleteSelectedButton = (props: BulkProps) => <BulkButton {...props} label="Delete" c="red.8" warning={DELETE_SELECTED_WARNING} done="deleted" />;

/** Archive the selected records. */
export const ArchiveSelectedButton = (props: BulkProps) => <BulkButton {...props} label="Archive" warning={ARCHIVE_SELECTED_WARNING} done="archived" />;

/**
 * A report's URL for the selected records, for a report button's click: nothing selected says
 * 'Please select rows first.' and opens nothing (null).
 */
export function useSelectedUrl(ids: string[], urlOf: (ids: string[]) => string): () => string | null {
  const message = useMessage();
  return () => {
    if (ids.length === 0) {
      message(SELECT_ROWS_FIRST);
      return null;
    }
    return urlOf(ids);
  };
}

// ---- run by the worker (paged lists: the selection may be every row that matches) ---------------

export const ZIP_SELECT_FIRST = 'Please Select Rows first...';

/** What reports and zips do when done: the selection stays, for the next report. */
export const keepSelection = () => {};

export interface ServerBulkProps {
  request: BulkRequest;
  /** The selection as the bulk body takes it; null when nothing is selected. */
  target: () => BulkTarget | null;
  /** What the records are called in the messages: 'projects', 'jobs'. */
  records: string;
  label: string;
  /** The spec's warning, asked before anything is sent (none for zips and reports). */
  warning?: string;
  /** 'deleted', 'archived': what the done message says; zips and reports download their file instead. */
  done?: string;
  /** What an empty selection says. */
  emptyText?: string;
  /** After it finished (e.g. clear the selection, refetch the list). */
  onDone: () => void;
  c?: string;
  miw?: number;
}

/**
 * A bulk button whose work the worker does (POST /api/bulk/): it reads the progress ('Archiving...
 * 200 of 10,000') until done, then says 'Selected <records> <done>' or downloads the file made.
 */
export function ServerBulkButton({ label, c, miw, ...props }: ServerBulkProps) {
  const bulk = useServerBulk(props);
  return (
    <Button size="xs" variant="default" c={c} miw={miw} onClick={() => void bulk.go()} data-busy={bulk.busy ? 'true' : undefined}>
      {bulk.text ?? label}
    </Button>
  );
}

/** A bulk action's click and its progress words (null when idle), for a button or a menu item. */
export function useServerBulk({ request, target, records, warning, done, emptyText = SELECT_ROWS_FIRST, onDone }: Omit<ServerBulkProps, 'label' | 'c' | 'miw'>) {
  const message = useMessage();
  const bulk = useBulkOperation();
  const go = async (override?: Partial<BulkRequest>) => {
    if (bulk.busy) return;
    const body = target();
    if (!body) {
      message(emptyText);
      return;
    }
    if (warning && !confirmAction(warning)) return;
    try {
      const op = await bulk.run({ ...request, ...override }, body);
      onDone();
      if (op.status === 'failed') {
        message(`Problem.  ${op.message || 'The action failed.'}`, 'error');
        return;
      }
      // A zip is made of the records that have a bundle: the others are counted as failed, the file still comes.
      if (op.file_url) saveUrl(op.file_url);
      if (op.failed) message(`${op.failed} of ${op.total ?? op.failed} ${records} could not be ${done ?? 'included'}.${op.message ? ` Problem.  ${op.message}` : ''}`, 'error');
      else if (!op.file_url) message(`Selected ${records} ${done ?? 'done'}`, 'success');
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    }
  };
  return { go, busy: bulk.busy, text: bulk.op ? progressText(bulk.op) : null };
}

type SelectionProps = Pick<ServerBulkProps, 'target' | 'onDone'> & { list: BulkList; records: string };

/** Delete every selected record (all that match, when so selected), after the warning that it cannot be undone. */
export const BulkDeleteButton = ({ list, ...p }: SelectionProps) => <ServerBulkButton {...p} request={{ list, action: 'delete' }} label="Delete" c="red.8" warning={DELETE_SELECTED_WARNING} done="deleted" />;

/** Archive every selected record. */
export const BulkArchiveButton = ({ list, ...p }: SelectionProps) => <ServerBulkButton {...p} request={{ list, action: 'archive' }} label="Archive" warning={ARCHIVE_SELECTED_WARNING} done="archived" />;

/** The selected records' PDF bundles as one zip made by the worker; its stages are the button's label. */
export const BulkZipButton = ({ list, ...p }: SelectionProps) => (
  <ServerBulkButton {...p} request={{ list, action: 'zip' }} label="Download PDF bundles" emptyText={ZIP_SELECT_FIRST} miw={170} />
);

/** A report of the selected records (the domain catalogue's name: 'ops', 'management' ...), made by the worker, then downloaded. */
export const BulkReportButton = ({ list, report, label, miw, ...p }: SelectionProps & { report: string; label: string; miw?: number }) => (
  <ServerBulkButton {...p} request={{ list, action: 'report', report }} label={label} miw={miw} />
);
