import { Badge, Group, Text, Title } from '@mantine/core';
import { showDateTime } from '../../../lib/dates';
import type { ProjectDetail } from '../api/types';
import { DaysToDue } from '../../../components/table/DaysToDue';
import { ProjectTag } from './ProjectTable';

/** Who the project is, how close it is due, its status and when it last changed. */
export function ProjectTitle({ project }: { project: ProjectDetail }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={4}>
        <ProjectTag row={project} maxWidth={520} />
      </Title>
      {project.archived && (
        <Badge size="sm" color="gray">
          Archived
        </Badge>
      )}
      {project.project_days_left !== null && (
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            Days left
          </Text>
          <DaysToDue days={project.project_days_left} colour={project.project_days_colour} />
        </Group>
      )}
      {project.status && (
        <Text size="xs" c="dimmed">
          Status <b>{project.status}</b>
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Updated {showDateTime(project.last_updated)}
      </Text>
    </Group>
  );
}
