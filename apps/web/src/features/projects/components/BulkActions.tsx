import type { QueryClient } from '@tanstack/react-query';
import { ArchiveSelectedButton, DeleteSelectedButton } from '../../../components/record/BulkActions';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { applyRowEvent } from '../../../lib/realtime';
import { archiveProject } from '../api/archiveProject';
import { useCreateProject } from '../api/createProject';
import { deleteProject } from '../api/deleteProject';
import { projectKey, rowOf } from '../api/types';

/** New project: POST, then open it. */
export function NewProjectButton() {
  return <NewRecordButton label="New project" create={useCreateProject()} pathOf={(p) => `/project/${p.id}`} />;
}

interface Props {
  ids: string[];
  onDone: () => void;
}

/** One DELETE per project; the row leaves every cached list. */
async function deleteOne(qc: QueryClient, id: string) {
  await deleteProject(id);
  applyRowEvent(qc, { list: 'projects', op: 'remove', id });
  qc.removeQueries({ queryKey: projectKey(id) });
}

/** PUT { archived: true }; an active-only list drops the row at once (realtime.ts matches it against the list's filter). */
async function archiveOne(qc: QueryClient, id: string) {
  const answer = await archiveProject(id);
  if (answer?.id) applyRowEvent(qc, { list: 'projects', op: 'upsert', id: answer.id, row: rowOf(answer) });
  void qc.invalidateQueries({ queryKey: projectKey(id) });
}

export const DeleteProjectsButton = (props: Props) => <DeleteSelectedButton {...props} records="projects" each={deleteOne} />;
export const ArchiveProjectsButton = (props: Props) => <ArchiveSelectedButton {...props} records="projects" each={archiveOne} />;
