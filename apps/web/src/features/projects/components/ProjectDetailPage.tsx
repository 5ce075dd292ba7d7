import { RecordDetailPage } from '../../../components/record/RecordDetailPage';
import { projectDetail } from './declaration';
import { ProjectEditor } from './ProjectEditor';
import { ProjectForm } from './ProjectForm';
import { ProjectSections, Section } from './ProjectSections';

/**
 * /project/{id}: the live project to edit, or with ?as_of= the project as it stood then, read-only
 * (components/record/RecordDetailPage). Spec 1: a project that cannot be loaded sends the user to the
 * list with 'Deleted.'.
 */
export function ProjectDetailPage() {
  return (
    <RecordDetailPage
      of={projectDetail}
      editor={(project, onAsOf) => <ProjectEditor project={project} onAsOf={onAsOf} />}
      past={(past) => (
        <>
          <Section id="details">
            <ProjectForm values={past} readOnly daysLeft={{ days: past.project_days_left, colour: past.project_days_colour }} />
          </Section>
          <ProjectSections project={past} readOnly />
        </>
      )}
    />
  );
}
