import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { confirmAction } from '../../../lib/confirm';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { AsOfPicker } from '../../../components/record/AsOfControl';
import { SaveErrorNotice, StaleNotice } from '../../../components/record/EditorNotices';
import { RecordHistoryButton } from '../../../components/record/RecordHistoryButton';
import { useRecordForm } from '../../../components/record/useRecordForm';
import { useDeleteProject } from '../api/deleteProject';
import { projectHistoryQuery } from '../api/projectHistory';
import { useSaveProject } from '../api/saveProject';
import type { ProjectDetail } from '../api/types';
import { fieldLabel } from '../fields';
import { projectFormLogic, toPayload } from '../formLogic';
import { ProjectForm } from './ProjectForm';
import { ProjectSections, Section } from './ProjectSections';
import { ProjectTitle } from './ProjectTitle';
import { SectionBar } from './SectionBar';

/** Spec 1 section 8: what a failed project save says. */
export const SAVE_FAILED = 'Issue detected: Probably the server, but please check for problem data.';
export const CONFLICT_MESSAGE = 'This project was changed by someone else after you opened it, so your changes were not saved. Reload it, check, and save again.';

const names = (fields: string[]) => fields.map(fieldLabel).join(', ');

/** The live project: its fields, lines and actions (save, delete, history, as of). */
export function ProjectEditor({ project, onAsOf }: { project: ProjectDetail; onAsOf: (iso: string) => void }) {
  const navigate = useNavigate();
  const message = useMessage();
  const form = useRecordForm(project, projectFormLogic);
  const saveProject = useSaveProject();
  const deleteProject = useDeleteProject();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  /** A 409: the newer project the server answered with, until the user reloads. */
  const [conflict, setConflict] = useState<(ProjectDetail & { version: number }) | null>(null);

  const save = async () => {
    if (!form.state) return;
    setSaveError(null);
    setFieldErrors({});
    try {
      const answer = await saveProject.mutateAsync({ id: project.id, values: toPayload(form.state.draft), version: form.state.version });
      setConflict(null);
      if (answer && typeof answer.version === 'number') form.reset(answer);
      message('Saved successfully!', 'success');
    } catch (e) {
      if (isApiError(e) && e.status === 409) {
        const current = e.body.current as (ProjectDetail & { version?: number }) | undefined;
        setConflict(current && typeof current.version === 'number' ? (current as ProjectDetail & { version: number }) : { ...project });
        message(CONFLICT_MESSAGE, 'error');
        return;
      }
      if (isApiError(e)) setFieldErrors(e.fields);
      const detail = isApiError(e) ? `${e.method} ${e.url} ${e.status} ${e.body.message ?? e.statusText}` : errorText(e);
      setSaveError(`${SAVE_FAILED} (${detail})`);
      message(SAVE_FAILED, 'error');
    }
  };

  /** Take the newer project: with the user's edits laid on top, or without them. */
  const reload = (keepEdits: boolean) => {
    const newer = conflict && conflict.version >= project.version ? conflict : project;
    if (keepEdits) form.mergeWith(newer);
    else form.reset(newer);
    setConflict(null);
  };

  const remove = () => {
    if (!confirmAction('Sure you want to delete this?')) return;
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        message('Deleted.');
        navigate('/project/');
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
      <SectionBar title={<ProjectTitle project={project} />}>
        <Switch size="xs" label="Archived" checked={Boolean(state.draft.archived)} onChange={(e) => form.setField('archived', e.currentTarget.checked)} />
        <Button size="xs" onClick={() => void save()} loading={saveProject.isPending} variant={form.dirty ? 'filled' : 'light'} data-testid="save-project">
          Save
        </Button>
        <RecordHistoryButton noun="project" query={projectHistoryQuery(project.id)} fieldLabel={fieldLabel} onAsOf={onAsOf} />
        <AsOfPicker onPick={onAsOf} />
        <Button size="xs" color="red" variant="light" onClick={remove} loading={deleteProject.isPending} data-testid="delete-project">
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
        <StaleNotice noun="project" changed={names(form.stale)} onMerge={() => form.mergeWith(project)} onDiscard={() => form.reset(project)} />
      )}
      {form.conflicts.length > 0 && (
        <Alert color="orange" variant="light" p="xs">
          Both of you changed: {names(form.conflicts)} (your values are shown).
        </Alert>
      )}
      <SaveErrorNotice error={saveError} onClose={() => setSaveError(null)} />

      <Section id="details">
        <ProjectForm
          values={state.draft}
          onChange={form.setField}
          errors={fieldErrors}
          dirty={form.dirtyFields}
          daysLeft={{ days: project.project_days_left, colour: project.project_days_colour }}
          onEnter={() => void save()}
        />
      </Section>
      <ProjectSections project={project} />
    </Stack>
  );
}
