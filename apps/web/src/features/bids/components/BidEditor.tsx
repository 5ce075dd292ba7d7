import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Paper, Stack, Switch } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../../lib/confirm';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { AsOfPicker } from '../../../components/record/AsOfControl';
import { SaveErrorNotice, StaleNotice } from '../../../components/record/EditorNotices';
import { RecordHistoryButton } from '../../../components/record/RecordHistoryButton';
import { useRecordForm } from '../../../components/record/useRecordForm';
import { bidHistoryQuery } from '../api/bidHistory';
import { useCreateJobFromBid } from '../api/createJob';
import { useDeleteBid } from '../api/deleteBid';
import { useSaveBid } from '../api/saveBid';
import { bidKey, type BidDetail } from '../api/types';
import { fieldLabel } from '../fields';
import { bidFormLogic } from '../formLogic';
import { BidForm } from './BidForm';
import { BidHeader } from './BidHeader';
import { BidSections } from './BidSections';

export const CONFLICT_MESSAGE =
  'Someone else changed this bid before you saved. It has been reloaded with your edits kept on top: check them and save again.';

const names = (fields: string[]) => fields.map(fieldLabel).join(', ');

/** The live bid: form, lines and actions (save, delete, create job, history, as of). */
export function BidEditor({ bid, onAsOf }: { bid: BidDetail; onAsOf: (iso: string) => void }) {
  const navigate = useNavigate();
  const message = useMessage();
  const qc = useQueryClient();
  const form = useRecordForm(bid, bidFormLogic);
  const saveBid = useSaveBid();
  const deleteBid = useDeleteBid();
  const createJob = useCreateJobFromBid();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [conflictNotice, setConflictNotice] = useState(false);
  /** Spec 1: while a job is being created, a save does not go back to the list. */
  const creating = useRef(false);

  const save = async (): Promise<boolean> => {
    if (!form.state) return false;
    setSaveError(null);
    setFieldErrors({});
    try {
      const answer = await saveBid.mutateAsync({ id: bid.id, values: form.state.draft, version: form.state.version });
      setConflictNotice(false);
      if (answer && typeof answer.version === 'number') form.reset(answer);
      message('Saved successfully!', 'success');
      if (!creating.current) navigate('/bid/');
      return true;
    } catch (e) {
      if (isApiError(e) && e.status === 409) {
        const current = e.body.current;
        if (current && typeof current.version === 'number') form.mergeWith({ ...current, version: current.version });
        void qc.invalidateQueries({ queryKey: bidKey(bid.id) });
        setConflictNotice(true);
        message(CONFLICT_MESSAGE, 'error');
      } else if (isApiError(e)) {
        const text = `Problem. ${e.method} ${e.url} ${e.statusText}`;
        setSaveError(e.body.message ? `${text}: ${e.body.message}` : text);
        setFieldErrors(e.fields);
        message(text, 'error');
      } else {
        setSaveError(`Problem. PUT /api/bids/${bid.id} ${errorText(e)}`);
        message(`Problem. ${errorText(e)}`, 'error');
      }
      return false;
    }
  };

  const remove = () => {
    if (!confirmAction('Sure you want to delete this?')) return;
    deleteBid.mutate(bid.id, {
      onSuccess: () => {
        message('Deleted.');
        navigate('/bid/');
      },
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  const makeJob = async () => {
    creating.current = true;
    try {
      if (form.dirty && !(await save())) return;
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

  // Ctrl/Cmd+S saves, also while typing in a field.
  useHotkeys([['mod+S', () => void save()]], []);

  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <BidHeader bid={bid}>
        <Switch size="xs" label="Archived" checked={Boolean(state.draft.archived)} onChange={(e) => form.setField('archived', e.currentTarget.checked)} />
        <Button size="xs" onClick={() => void save()} loading={saveBid.isPending} variant={form.dirty ? 'filled' : 'light'}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={() => void makeJob()} loading={createJob.isPending}>
          Create job
        </Button>
        <RecordHistoryButton noun="bid" query={bidHistoryQuery(bid.id)} fieldLabel={fieldLabel} onAsOf={onAsOf} />
        <AsOfPicker onPick={onAsOf} />
        <Button size="xs" color="red" variant="light" onClick={remove} loading={deleteBid.isPending}>
          Delete
        </Button>
      </BidHeader>

      {form.stale.length > 0 && (
        <StaleNotice noun="bid" changed={names(form.stale)} onMerge={() => form.mergeWith(bid)} onDiscard={() => form.reset(bid)} />
      )}
      {conflictNotice && (
        <Alert color="orange" variant="light" p="xs" withCloseButton onClose={() => setConflictNotice(false)} data-testid="conflict-notice">
          {CONFLICT_MESSAGE}
          {form.conflicts.length > 0 && ` Both of you changed: ${names(form.conflicts)} (your values are shown).`}
        </Alert>
      )}
      <SaveErrorNotice error={saveError} onClose={() => setSaveError(null)} />

      <Paper withBorder p="xs">
        <BidForm values={state.draft} onChange={form.setField} errors={fieldErrors} dirty={form.dirtyFields} />
      </Paper>
      <BidSections bid={bid} />
    </Stack>
  );
}
