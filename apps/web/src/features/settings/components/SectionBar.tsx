import { Button, Group, Paper, Title } from '@mantine/core';
import { useCan } from '../../auth';
import { scrollToSection, sectionsFor } from '../sections';

/** The page title and a jump button per section the user's role can use, stuck under the header while scrolling. */
export function SectionBar() {
  const sections = sectionsFor(useCan());
  return (
    <Paper
      withBorder
      px="xs"
      py={4}
      radius="sm"
      component="nav"
      aria-label="Settings sections"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 44px) + 4px)', zIndex: 20 }}
    >
      <Group gap={0} wrap="wrap">
        <Title order={4} mr="sm">
          Settings
        </Title>
        {sections.map((s) => (
          <Button key={s.id} size="compact-xs" variant="subtle" px={6} onClick={() => scrollToSection(s.id)}>
            {s.label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
