import { declaredDetailPage } from '../../../components/record/declaredDetailPage';
import { projectDetail } from './declaration';
import { ProjectEditor, ProjectPageBody } from './ProjectEditor';

/**
 * /project/{id}: the live project to edit, or with ?as_of= the project as it stood then, read-only
 * (components/record/RecordDetailPage). Spec 1: a project that cannot be loaded sends the user to the
 * list with 'Deleted.'.
 */
export const ProjectDetailPage = declaredDetailPage(
  projectDetail,
  (project, onAsOf) => <ProjectEditor project={project} onAsOf={onAsOf} />,
  (past) => <ProjectPageBody project={past} form={{ values: past, readOnly: true }} />,
);
