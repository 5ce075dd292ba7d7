import { BulkArchiveButton, BulkDeleteButton } from '../../../components/record/BulkActions';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { BulkTarget } from '../../../components/record/useBulkOperation';
import { useCreateProject } from '../api/createProject';

/** New project: POST, then open it. */
export function NewProjectButton() {
  return <NewRecordButton label="New project" create={useCreateProject()} pathOf={(p) => `/project/${p.id}`} />;
}

interface Props {
  /** The selection as the bulk body takes it (usePagedList target). */
  target: () => BulkTarget | null;
  onDone: () => void;
}

export const DeleteProjectsButton = (props: Props) => <BulkDeleteButton {...props} list="projects" records="projects" />;
export const ArchiveProjectsButton = (props: Props) => <BulkArchiveButton {...props} list="projects" records="projects" />;
