import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { useCreateProject } from '../api/createProject';

/** New project: POST, then open it. */
export function NewProjectButton() {
  return <NewRecordButton label="New project" create={useCreateProject()} pathOf={(p) => `/project/${p.id}`} />;
}
