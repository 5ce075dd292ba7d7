import { Stack } from '@mantine/core';
import { RecordEditorNotices } from '../../../components/record/EditorNotices';
import { RecordEditorActions } from '../../../components/record/RecordEditorActions';
import { SAVE_FAILED, useRecordEditor } from '../../../components/record/useRecordEditor';
import { projectRecord } from '../api/getProject';
import { projectWrites } from '../api/writes';
import type { ProjectDetail } from '../api/types';
import { fieldLabel } from '../fields';
import { projectFormLogic, toPayload } from '../formLogic';
import { ProjectForm } from './ProjectForm';
import { ProjectSections, Section } from './ProjectSections';
import { ProjectTitle } from './ProjectTitle';
import { SectionBar } from './SectionBar';

/** Spec 1 section 8: what a failed project save says. */
export { SAVE_FAILED };

/** The live project: its fields, lines and actions (save, delete, history, as of). */
export function ProjectEditor({ project, onAsOf }: { project: ProjectDetail; onAsOf: (iso: string) => void }) {
  const editor = useRecordEditor({
    record: project,
    noun: 'project',
    logic: projectFormLogic,
    saveMutation: projectWrites.useSave(),
    toPayload,
    savedMessage: () => 'Saved successfully!',
    fieldLabel,
    removeMutation: projectWrites.useRemove(),
    removedMessage: 'Deleted.',
    afterRemove: '/project/',
  });
  const { form } = editor;

  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <SectionBar title={<ProjectTitle project={project} />}>
        <RecordEditorActions editor={editor} noun="project" record={projectRecord(project.id)} fieldLabel={fieldLabel} onAsOf={onAsOf} />
      </SectionBar>

      <RecordEditorNotices editor={editor} noun="project" record={project} fieldLabel={fieldLabel} />

      <Section id="details">
        <ProjectForm
          values={state.draft}
          onChange={form.setField}
          errors={editor.fieldErrors}
          dirty={form.dirtyFields}
          daysLeft={{ days: project.project_days_left, colour: project.project_days_colour }}
          onEnter={() => void editor.save()}
        />
      </Section>
      <ProjectSections project={project} />
    </Stack>
  );
}
