import { Text, Title } from '@mantine/core';
import { ArchivedBadge, DaysLeft, TitleLine, UpdatedText } from '../../../components/record/TitleParts';
import type { ProjectDetail } from '../api/types';
import { ProjectTag } from './ProjectTable';

/** Who the project is, how close it is due, its status and when it last changed. */
export function ProjectTitle({ project }: { project: ProjectDetail }) {
  return (
    <TitleLine>
      <Title order={4}>
        <ProjectTag row={project} maxWidth={520} />
      </Title>
      <ArchivedBadge archived={project.archived} />
      <DaysLeft label="Days left" days={project.project_days_left} colour={project.project_days_colour} />
      {project.status && (
        <Text size="xs" c="dimmed">
          Status <b>{project.status}</b>
        </Text>
      )}
      <UpdatedText at={project.last_updated} />
    </TitleLine>
  );
}
