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
