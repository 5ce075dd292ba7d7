import { RecordEditorLayout, type RecordFormProps } from '../../../components/record/RecordEditorLayout';
import { SAVE_FAILED, useRecordEditor } from '../../../components/record/useRecordEditor';
import { savedAndDeleted } from '../../../components/record/savedAndDeleted';
import { projectRecord } from '../api/getProject';
import { projectWrites } from '../api/writes';
import type { ProjectDetail, ProjectValues } from '../api/types';
import { fieldLabel } from '../fields';
import { projectFormLogic, toPayload } from '../formLogic';
import { ProjectForm } from './ProjectForm';
import { ProjectSections, Section } from './ProjectSections';
import { projectDetail } from './declaration';

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
    fieldLabel,
    removeMutation: projectWrites.useRemove(),
    ...savedAndDeleted('/project/'),
  });
  const { form } = editor;

  const state = form.state;
  if (!state) return null;

  return (
    <RecordEditorLayout of={projectDetail} record={project} editor={editor} noun="project" history={projectRecord(project.id)} fieldLabel={fieldLabel} onAsOf={onAsOf}>
      <ProjectPageBody project={project} form={editor.formProps!} />
    </RecordEditorLayout>
  );
}

/** The project's fields and its lines: live with the editor's form, or read-only as it stood. */
export function ProjectPageBody({ project, form }: { project: ProjectDetail; form: RecordFormProps<ProjectValues> }) {
  return (
    <>
      <Section id="details">
        <ProjectForm {...form} daysLeft={{ days: project.project_days_left, colour: project.project_days_colour }} />
      </Section>
      <ProjectSections project={project} readOnly={form.readOnly} />
    </>
  );
}
