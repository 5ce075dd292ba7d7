import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';
import { sectionAnchor } from '../sections';

interface Props {
  id: string;
  title: string;
  /** Buttons at the right of the title (Import CSV, History ...). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One section of the settings page: a titled panel the section bar scrolls to. */
export function SettingsSection({ id, title, actions, children }: Props) {
  return (
    <Paper withBorder p="xs" radius="sm" component="section" id={sectionAnchor(id)} aria-label={title} style={{ scrollMarginTop: 88, minWidth: 0 }}>
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Title order={5}>{title}</Title>
        {actions && (
          <Group gap={6} wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Paper>
  );
}
