import { Alert, Button, Group, Text } from '@mantine/core';
import { useJobHow2s, useOptOutJobHow2 } from '../api/how2s';

/** The how-to tip over a section of a job page (spec 2: a training opt-out per section), until the user opts out of it. */
export function SectionTip({ section }: { section: string }) {
  const tips = useJobHow2s();
  const optOut = useOptOutJobHow2();
  const tip = tips.data?.find((t) => t.section === section && !t.opted_out);
  if (!tip) return null;
  return (
    <Alert color="blue" variant="light" p={6} mb={6} data-how2={tip.id}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs">
          <b>{tip.title}.</b> {tip.body}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => optOut.mutate(tip.id)} loading={optOut.isPending} style={{ flexShrink: 0 }}>
          Don&apos;t show again
        </Button>
      </Group>
    </Alert>
  );
}
