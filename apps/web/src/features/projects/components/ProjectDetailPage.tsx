import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { RecordAsOfView } from '../../../components/record/AsOfControl';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { projectRecord, useProject } from '../api/getProject';
import { projectStream, type ProjectDetail } from '../api/types';
import { ProjectEditor } from './ProjectEditor';
import { ProjectForm } from './ProjectForm';
import { ProjectSections, Section } from './ProjectSections';
import { ProjectTitle } from './ProjectTitle';
import { SectionBar } from './SectionBar';

/** /project/{id}: the live project to edit, or with ?as_of= the project as it stood then, read-only. */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  useLiveRecord(projectStream(id));
  const project = useProject(id);

  // Spec 1: a project that cannot be loaded sends the user to the list with 'Deleted.'.
  const gone = isApiError(project.error) && (project.error.status === 404 || project.error.status === 400);
  useEffect(() => {
    if (!gone) return;
    message('Deleted.');
    navigate('/project/', { replace: true });
  }, [gone, message, navigate]);

  if (asOf) return <ProjectAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (project.isPending || gone) return <WaitMessage boxed />;
  if (project.isError)
    return (
      <Alert color="red" title="The project could not be loaded">
        {errorText(project.error)}
      </Alert>
    );
  return <ProjectEditor key={id} project={project.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
}

function ProjectAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<ProjectDetail> record={projectRecord(id)} noun="project" asOf={asOf} onNow={onNow}>
      {(past) => (
        <>
          <SectionBar title={<ProjectTitle project={past} />} />
          <Section id="details">
            <ProjectForm values={past} readOnly daysLeft={{ days: past.project_days_left, colour: past.project_days_colour }} />
          </Section>
          <ProjectSections project={past} readOnly />
        </>
      )}
    </RecordAsOfView>
  );
}
