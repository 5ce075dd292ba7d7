import { Paper, Text } from '@mantine/core';
import { WAIT_MESSAGE } from '../lib/messages';

/** What a screen shows until its records arrive; `boxed` for a whole page, plain inside a panel. */
export function WaitMessage({ boxed }: { boxed?: boolean }) {
  const text = (
    <Text size="sm" c="dimmed" role="status">
      {WAIT_MESSAGE}
    </Text>
  );
  return boxed ? (
    <Paper withBorder p="md">
      {text}
    </Paper>
  ) : (
    text
  );
}
