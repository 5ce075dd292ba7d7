import { Paper, Text, Title } from '@mantine/core';

/** A path of no screen (a mistyped address, an old bookmark): says so and where to go. */
export function NotFound() {
  return (
    <Paper withBorder p="lg" maw={640}>
      <Title order={4} mb={6}>
        There is no page here.
      </Title>
      <Text size="sm" c="dimmed">
        Pick an area on the left.
      </Text>
    </Paper>
  );
}
