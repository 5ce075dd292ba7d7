import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Paper, Stack, Switch } from '@mantine/core';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { AsOfPicker } from '../../../components/record/AsOfControl';
import { RecordEditorNotices } from '../../../components/record/EditorNotices';
import { RecordHistoryButton } from '../../../components/record/RecordHistoryButton';
import { useRecordEditor } from '../../../components/record/useRecordEditor';
import { savedAndDeleted } from '../../../components/record/savedAndDeleted';
import { useCreateJobFromBid } from '../api/createJob';
import { bidRecord } from '../api/getBid';
import { bidWrites } from '../api/writes';
import type { BidDetail } from '../api/types';
import { fieldLabel } from '../fields';
import { bidFormLogic } from '../formLogic';
import { BidForm } from './BidForm';
import { BidHeader } from './BidHeader';
import { BidSections } from './BidSections';

/** Spec 1 section 8: a failed bid save names the request. */
function bidSaveFailed(bidId: string) {
  return (e: unknown) => {
    if (!isApiError(e)) return { notice: `Problem. PUT /api/bids/${bidId} ${errorText(e)}`, message: `Problem. ${errorText(e)}` };
    const text = `Problem. ${e.method} ${e.url} ${e.statusText}`;
    return { notice: e.body.message ? `${text}: ${e.body.message}` : text, message: text };
  };
}

/** The live bid: form, lines and actions (save, delete, create job, history, as of). */
export function BidEditor({ bid, onAsOf }: { bid: BidDetail; onAsOf: (iso: string) => void }) {
  const navigate = useNavigate();
  const message = useMessage();
  const createJob = useCreateJobFromBid();
  /** Spec 1: while a job is being created, a save does not go back to the list. */
  const creating = useRef(false);
  const editor = useRecordEditor({
    record: bid,
    noun: 'bid',
    logic: bidFormLogic,
    saveMutation: bidWrites.useSave(),
    toPayload: (draft) => draft,
    afterSave: () => !creating.current && navigate('/bid/'),
    failed: bidSaveFailed(bid.id),
    fieldLabel,
    removeMutation: bidWrites.useRemove(),
    ...savedAndDeleted('/bid/'),
  });
  const { form } = editor;

  const makeJob = async () => {
    creating.current = true;
    try {
      if (form.dirty && !(await editor.save())) return;
      const answer = await createJob.mutateAsync(bid.id);
      message('Job Created Successfully', 'success');
      // The job's own number is unambiguous (a record id could equal another job's number).
      navigate(`/job/${answer.job.account_job_number ?? answer.id}`);
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    } finally {
      creating.current = false;
    }
  };

  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <BidHeader bid={bid}>
        <Switch size="xs" label="Archived" checked={Boolean(state.draft.archived)} onChange={(e) => form.setField('archived', e.currentTarget.checked)} />
        <Button size="xs" onClick={() => void editor.save()} loading={editor.saving} variant={form.dirty ? 'filled' : 'light'} data-testid="save-bid">
          Save
        </Button>
        <Button size="xs" variant="default" onClick={() => void makeJob()} loading={createJob.isPending}>
          Create job
        </Button>
        <RecordHistoryButton noun="bid" record={bidRecord(bid.id)} fieldLabel={fieldLabel} onAsOf={onAsOf} />
        <AsOfPicker onPick={onAsOf} />
        <Button size="xs" color="red" variant="light" onClick={editor.remove} loading={editor.removing}>
          Delete
        </Button>
      </BidHeader>

      <RecordEditorNotices editor={editor} noun="bid" record={bid} fieldLabel={fieldLabel} />

      <Paper withBorder p="xs">
        <BidForm values={state.draft} onChange={form.setField} errors={editor.fieldErrors} dirty={form.dirtyFields} />
      </Paper>
      <BidSections bid={bid} />
    </Stack>
  );
}
