import type { RecordDetailDeclaration } from '../../../components/record/RecordDetailPage';
import { projectRecord, useProject } from '../api/getProject';
import { projectStream, type ProjectDetail } from '../api/types';
import { PROJECT_SECTIONS, scrollToSection, type ProjectSectionId } from '../sections';
import { ProjectTitle } from './ProjectTitle';

/** The project page (components/record/RecordDetailPage): its read, stream, history and section bar; a jump leaves 150 px above the section (spec 1 section 9). */
export const projectDetail: RecordDetailDeclaration<ProjectDetail> = {
  noun: 'project',
  listPath: '/project/',
  stream: projectStream,
  record: projectRecord,
  useRecord: useProject,
  bar: { title: (project) => <ProjectTitle project={project} />, sections: PROJECT_SECTIONS, onJump: (id) => scrollToSection(id as ProjectSectionId), label: 'Project sections' },
};
