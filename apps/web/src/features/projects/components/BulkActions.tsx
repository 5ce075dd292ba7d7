import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { NewRecordForm } from '../../../components/record/NewRecordDialog';
import { useCreateProject } from '../api/createProject';
import { fieldLabel } from '../fields';

/** What New project asks (spec: a project is named for its customer and dated start to due). */
export const NEW_PROJECT: NewRecordForm = {
  label: 'New project',
  fields: [
    { name: 'name', label: fieldLabel('name'), kind: 'text', required: true },
    { name: 'customer', label: fieldLabel('customer'), kind: 'text' },
    { name: 'start_date', label: fieldLabel('start_date'), kind: 'date' },
    { name: 'due_date', label: fieldLabel('due_date'), kind: 'date' },
  ],
};

/** New project: its dialog, then POST, then open it. */
export function NewProjectButton() {
  return <NewRecordButton area="/project/" form={NEW_PROJECT} create={useCreateProject()} pathOf={(p) => `/project/${p.id}`} />;
}
