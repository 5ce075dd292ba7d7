/**
 * The bulk buttons of a record list (jobs, projects, bids), run by the worker over the selection (all
 * that match, or ids): after the spec's warning; nothing selected says 'Please select rows first.'
 * ('Please Select Rows first...' for zips), but a report then covers every row that matches, after
 * 'Report all 1,234 matching jobs?'. At the end 'Selected <records> <done>' ('Selected jobs deleted')
 * or how many failed, or the zip downloaded; a report's file is the shell's toast's Download button.
 */
import { Button, Group } from '@mantine/core';
import { confirmAction } from '../../lib/confirm';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { saveUrl } from '../../lib/download';
import { useFollowFile } from './BulkToasts';
import { useListAsOf } from '../table/listAsOf';
import { useCan } from '../../features/auth';
import { countWords } from '../table/pagedList';
import { progressText, useBulkOperation, type BulkList, type BulkOperation, type BulkRequest, type BulkTarget, type SelectionTarget } from './useBulkOperation';

export const SELECT_ROWS_FIRST = 'Please select rows first.';
export const DELETE_SELECTED_WARNING = 'Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE';
export const ARCHIVE_SELECTED_WARNING = 'Are you sure you want to archive selected records?';

// ---- run by the worker (paged lists: the selection may be every row that matches) ---------------

export const ZIP_SELECT_FIRST = 'Please Select Rows first...';

/** What reports and zips do when done: the selection stays, for the next report. */
export const keepSelection = () => {};

export interface ServerBulkProps {
  request: BulkRequest;
  /** The selection as the bulk body takes it; null when nothing is selected (a report asks it for all that match). */
  target: SelectionTarget;
  /** What the records are called in the messages: 'projects', 'jobs'. */
  records: string;
  label: string;
  /** The spec's warning, asked before anything is sent (none for zips and reports). */
  warning?: string;
  /** 'deleted', 'archived': what the done message says; a zip downloads its file; a report ends in the toast's Download button. */
  done?: string;
  /** What an empty selection says. */
  emptyText?: string;
  /** After it finished (e.g. clear the selection, refetch the list). */
  onDone: () => void;
  /** The done message, read when the action starts (before the selection is cleared); default 'Selected <records> <done>'. */
  doneMessage?: () => string;
  /** The words the button reads while the worker makes it, in place of the worker's own ('Robots Working...' on the job screens' reports, spec 2), with its counts. */
  workingLabel?: string;
  c?: string;
  miw?: number;
}

/**
 * A bulk button whose work the worker does (POST /api/bulk/): it reads the progress ('Archiving...
 * 200 of 10,000') until done, then says 'Selected <records> <done>' or downloads the zip; a report is the toast's to download.
 */
export function ServerBulkButton({ c, miw, ...props }: ServerBulkProps) {
  const { label } = props;
  const bulk = useServerBulk(props);
  const { asOf } = useListAsOf();
  // A list shown as it stood is read-only: of its bulk actions only reports remain (they pass as_of).
  if (!bulk.offered || (asOf && props.request.action !== 'report')) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="default" c={c} miw={miw} onClick={() => void bulk.go()} data-busy={bulk.busy ? 'true' : undefined}>
        {bulk.text ?? label}
      </Button>
      {bulk.busy && (
        <Button size="xs" variant="subtle" color="gray" onClick={() => void bulk.cancel()} aria-label={`Stop ${label.toLowerCase()}`}>
          Stop
        </Button>
      )}
    </Group>
  );
}

/** A report with nothing selected covers every row that matches the list's choices, after this question. */
export const reportAllQuestion = (count: number, records: string, estimated = false) => `Report all ${countWords(count, estimated)} matching ${records}?`;

/** What a report with nothing selected says when no row matches. */
export const nothingToReport = (records: string) => `No ${records} match the list's choices.`;

/**
 * A bulk action's click and its progress words (null when idle), for a button or a menu item. A report
 * is handed to the shell's toast (its progress, then its Download button or why it failed).
 */
export function useServerBulk({ request, target, records, label, warning, done, emptyText = SELECT_ROWS_FIRST, onDone, doneMessage, workingLabel }: Omit<ServerBulkProps, 'label' | 'c' | 'miw'> & { label?: string }) {
  const message = useMessage();
  const follow = useFollowFile();
  const bulk = useBulkOperation();
  const { asOf } = useListAsOf();
  // The server refuses every bulk action (reports included) to a role without them: not offered, not queued.
  const offered = useCan()('run bulk actions');
  /** `title`: what the toast calls the file (a menu's item); the button's label by default. */
  const go = async (override?: Partial<BulkRequest>, title?: string): Promise<BulkOperation | null | void> => {
    const asked: BulkRequest = { ...request, ...override, ...(asOf ? { as_of: asOf } : {}) };
    const isReport = asked.action === 'report';
    // An archive or a zip runs once at a time from its button; each report asked is made, and has its own toast.
    if (bulk.busy && !isReport) return;
    const body = target(isReport);
    if (!body) {
      message(emptyText);
      return;
    }
    if ('matching' in body && body.matching !== undefined) {
      if (body.matching === 0) return message(nothingToReport(records));
      if (!confirmAction(reportAllQuestion(body.matching, records, body.matchingEstimated))) return;
    }
    if (warning && !confirmAction(warning)) return;
    if (isReport) return makeReport(asked, body, title ?? label ?? 'Report');
    const doneText = doneMessage?.() ?? `Selected ${records} ${done ?? 'done'}`;
    try {
      const op = await bulk.run(asked, body);
      onDone();
      if (op.status === 'cancelled') {
        message(`Stopped: ${op.done} of ${op.total ?? op.done} ${records} ${done ?? 'done'} before it stopped.`, 'info');
        return;
      }
      if (op.status === 'failed') {
        message(`Problem.  ${op.message || 'The action failed.'}`, 'error');
        return;
      }
      // Nothing done and a word why (a zip of records without a file: 'Please upload a file first...'): the word alone.
      if (!op.file_url && !op.done && op.message) {
        message(op.message, 'error');
        return;
      }
      // A zip is made of the records that have a bundle: the others are counted as failed, the file still comes.
      if (op.file_url) saveUrl(op.file_url);
      if (op.failed) message(`${op.failed} of ${op.total ?? op.failed} ${records} could not be ${done ?? 'included'}.${op.message ? ` Problem.  ${op.message}` : ''}`, 'error');
      else if (!op.file_url) message(doneText, 'success');
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    }
  };
  /** The toast follows the report to its Download button; the button reads the progress meanwhile. */
  const makeReport = async (asked: BulkRequest, body: BulkTarget, title: string) => {
    try {
      const op = await bulk.start(asked, body);
      follow({ op, title, records });
      const last = await bulk.track(op);
      onDone();
      return last;
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
      return null;
    }
  };
  const cancel = async () => {
    try {
      await bulk.cancel();
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    }
  };
  return { go, cancel, offered, busy: bulk.busy, text: bulk.op ? progressText(workingLabel ? { ...bulk.op, label: workingLabel } : bulk.op) : null };
}

type SelectionProps = Pick<ServerBulkProps, 'target' | 'onDone' | 'doneMessage'> & { list: BulkList; records: string };

/** Delete every selected record (all that match, when so selected), after the warning that it cannot be undone. */
export const BulkDeleteButton = ({ list, ...p }: SelectionProps) => <ServerBulkButton {...p} request={{ list, action: 'delete' }} label="Delete" c="red.8" warning={DELETE_SELECTED_WARNING} done="deleted" />;

/** Archive every selected record. */
export const BulkArchiveButton = ({ list, ...p }: SelectionProps) => <ServerBulkButton {...p} request={{ list, action: 'archive' }} label="Archive" warning={ARCHIVE_SELECTED_WARNING} done="archived" />;

/** The selected records' PDF bundles as one zip made by the worker; its stages are the button's label. */
export const BulkZipButton = ({ list, ...p }: SelectionProps) => (
  <ServerBulkButton {...p} request={{ list, action: 'zip' }} label="Download PDF bundles" emptyText={ZIP_SELECT_FIRST} miw={170} />
);

/**
 * A report of the selected records (the domain catalogue's name: 'ops', 'management' ...), made by the
 * worker and downloaded from its toast; nothing selected: all that match. `workingLabel`: what the button reads meanwhile (the screen's words).
 */
export const BulkReportButton = ({ list, report, label, miw, ...p }: SelectionProps & { report: string; label: string; miw?: number; workingLabel?: string }) => (
  <ServerBulkButton {...p} request={{ list, action: 'report', report }} label={label} miw={miw} />
);
