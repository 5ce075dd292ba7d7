import type { ReactNode } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { PROJECT_SECTIONS, scrollToSection } from '../sections';

/**
 * The project's title line and actions, with a jump button per section, stuck under the header while
 * scrolling; a jump leaves 150 px above the section (spec 1 section 9).
 */
export function SectionBar({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Paper
      withBorder
      px="xs"
      py={6}
      radius="sm"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 44px) + 4px)', zIndex: 20 }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        {title}
        <Group gap={6} wrap="wrap">
          {children}
        </Group>
      </Group>
      <Group gap={0} wrap="wrap" mt={4} component="nav" aria-label="Project sections">
        {PROJECT_SECTIONS.map((s) => (
          <Button key={s.id} size="compact-xs" variant="subtle" px={6} onClick={() => scrollToSection(s.id)}>
            {s.label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
