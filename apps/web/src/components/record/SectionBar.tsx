import type { ReactNode } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { useCan } from '../../features/auth';

export interface SectionLink {
  id: string;
  label: string;
  /** The collection whose lines the section shows (its registry name): left out for a role that does not read them. */
  collection?: string;
}

interface Props {
  title: ReactNode;
  /** The record's actions (save, history, delete ...). */
  children?: ReactNode;
  sections: readonly SectionLink[];
  /** Scroll to a section (the area's offset). */
  onJump: (id: string) => void;
  /** The nav's name, e.g. 'Project sections'. */
  label: string;
  /** Under the title line: e.g. a job's totals. */
  extra?: ReactNode;
}

/**
 * A record's title line and actions, with a jump button per section, stuck under the header while
 * scrolling (projects, jobs).
 */
export function SectionBar({ title, children, sections, onJump, label, extra }: Props) {
  const can = useCan();
  const shown = sections.filter((s) => !s.collection || can({ readLines: s.collection }));
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
      {extra}
      <Group gap={0} wrap="wrap" mt={4} component="nav" aria-label={label}>
        {shown.map((s) => (
          <Button key={s.id} size="compact-xs" variant="subtle" px={6} onClick={() => onJump(s.id)}>
            {s.label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
