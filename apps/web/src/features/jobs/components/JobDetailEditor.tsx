import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { AsOfPicker } from '../../../components/record/AsOfControl';
import { SaveErrorNotice, StaleNotice } from '../../../components/record/EditorNotices';
import { RecordHistoryButton } from '../../../components/record/RecordHistoryButton';
import { SectionBar } from '../../../components/record/SectionBar';
import { useRecordForm } from '../../../components/record/useRecordForm';
import { confirmAction } from '../../../lib/confirm';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import type { JobDetail } from '../api/getJob';
import { jobHistoryQuery } from '../api/jobHistory';
import { useRemoveJob } from '../api/removeJob';
import { useSaveJob } from '../api/saveJob';
import { jobFieldLabel } from '../fields';
import { jobFormLogic, toPayload } from '../formLogic';
import { JOB_SECTIONS, scrollToJobSection } from '../sections';
import { jobNumberOf, JobTitle, JobTotals } from './JobDetailHeader';
import { JobForm } from './JobForm';
import { JobSections, Section } from './JobSections';

/** Spec 2 section 8: what a failed job save says. */
export const SAVE_FAILED = 'Issue detected: Probably the server, but please check for problem data.';
export const CONFLICT_MESSAGE = 'This job was changed by someone else after you opened it, so your changes were not saved. Reload it, check, and save again.';

const names = (fields: string[]) => fields.map(jobFieldLabel).join(', ');

/** The live job: its fields, totals, lines and actions (save, delete, history, as of). */
export function JobDetailEditor({ job, onAsOf }: { job: JobDetail; onAsOf: (iso: string) => void }) {
  const navigate = useNavigate();
  const message = useMessage();
  const form = useRecordForm(job, jobFormLogic);
  const saveJob = useSaveJob();
  const removeJob = useRemoveJob();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  /** A 409: the newer job the server answered with, until the user reloads. */
  const [conflict, setConflict] = useState<JobDetail | null>(null);

  const save = async () => {
    if (!form.state) return;
    setSaveError(null);
    setFieldErrors({});
    try {
      const answer = await saveJob.mutateAsync({ id: job.id, values: toPayload(form.state.draft), version: form.state.version });
      setConflict(null);
      if (answer && typeof answer.version === 'number') form.reset(answer);
      const number = answer?.account_job_number || answer?.job_number;
      message(number ? `${number} Saved successfully!` : 'Saved successfully!', 'success');
    } catch (e) {
      if (isApiError(e) && e.status === 409) {
        const current = e.body.current as JobDetail | undefined;
        setConflict(current && typeof current.version === 'number' ? current : { ...job });
        message(CONFLICT_MESSAGE, 'error');
        return;
      }
      if (isApiError(e)) setFieldErrors(e.fields);
      const detail = isApiError(e) ? `${e.method} ${e.url} ${e.status} ${e.body.message ?? e.statusText}` : errorText(e);
      setSaveError(`${SAVE_FAILED} (${detail})`);
      message(SAVE_FAILED, 'error');
    }
  };

  /** Take the newer job: with the user's edits laid on top, or without them. */
  const reload = (keepEdits: boolean) => {
    const newer = conflict && conflict.version >= job.version ? conflict : job;
    if (keepEdits) form.mergeWith(newer);
    else form.reset(newer);
    setConflict(null);
  };

  const remove = () => {
    if (!confirmAction('Sure you want to delete this?')) return;
    removeJob.mutate(job.id, {
      onSuccess: () => {
        message(`Job ${jobNumberOf(job)} deleted`);
        navigate('/job/');
      },
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  // Ctrl/Cmd+S saves, also while typing in a field.
  useHotkeys([['mod+S', () => void save()]], []);

  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <SectionBar title={<JobTitle job={job} />} sections={JOB_SECTIONS} onJump={scrollToJobSection} label="Job sections" extra={<JobTotals job={job} />}>
        <Switch size="xs" label="Archived" checked={Boolean(state.draft.archived)} onChange={(e) => form.setField('archived', e.currentTarget.checked)} />
        <Button size="xs" onClick={() => void save()} loading={saveJob.isPending} variant={form.dirty ? 'filled' : 'light'} data-testid="save-job">
          Save
        </Button>
        <RecordHistoryButton noun="job" query={jobHistoryQuery(job.id)} fieldLabel={jobFieldLabel} onAsOf={onAsOf} />
        <AsOfPicker onPick={onAsOf} />
        <Button size="xs" color="red" variant="light" onClick={remove} loading={removeJob.isPending} data-testid="delete-job">
          Delete
        </Button>
      </SectionBar>

      {conflict && (
        <Alert color="orange" variant="light" p="xs" title="Changed by someone else" data-testid="conflict-notice" role="alert">
          <Text size="sm">{CONFLICT_MESSAGE}</Text>
          <Group gap="xs" mt={6}>
            <Button size="compact-xs" onClick={() => reload(true)}>
              Reload, keep my edits
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => reload(false)}>
              Reload, discard my edits
            </Button>
          </Group>
        </Alert>
      )}
      {!conflict && form.stale.length > 0 && (
        <StaleNotice noun="job" changed={names(form.stale)} onMerge={() => form.mergeWith(job)} onDiscard={() => form.reset(job)} />
      )}
      {form.conflicts.length > 0 && (
        <Alert color="orange" variant="light" p="xs">
          Both of you changed: {names(form.conflicts)} (your values are shown).
        </Alert>
      )}
      <SaveErrorNotice error={saveError} onClose={() => setSaveError(null)} />

      <Section id="details">
        <JobForm
          values={state.draft}
          onChange={form.setField}
          errors={fieldErrors}
          dirty={form.dirtyFields}
          days={{ job: job.job_days_left, colour: job.job_days_colour, permit: job.permit_days_left }}
          crews={job.crew_string}
          onEnter={() => void save()}
        />
      </Section>
      <JobSections job={job} />
    </Stack>
  );
}
