import { Paper, Text, Title } from '@mantine/core';
import type { Area } from './navigation';

/** An honest placeholder for an area that is not built yet: no fake tables. */
export function NotBuilt({ area }: { area: Area }) {
  return (
    <Paper withBorder p="lg" maw={640}>
      <Title order={4} mb={6}>
        {area.label} is not built yet.
      </Title>
      <Text size="sm" c="dimmed">
        {area.plan}
      </Text>
    </Paper>
  );
}
