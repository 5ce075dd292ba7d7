import { Badge, Group, Text, Title } from '@mantine/core';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import { showDateTime } from '../../../../lib/dates';
import type { RfqView } from '../../api/types';
import { rfqNumberText } from '../../listLogic';

/** Which RFQ this is, its title, status, days to bid due and when it last changed. */
export function RfqTitle({ rfq }: { rfq: RfqView }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={4} data-testid="rfq-title">
        RFQ {rfqNumberText(rfq)}
        {rfq.title ? <Text span inherit fw={400} c="dimmed">{` · ${rfq.title}`}</Text> : null}
      </Title>
      {rfq.archived && (
        <Badge size="sm" color="gray">
          Archived
        </Badge>
      )}
      {rfq.rfq_status && (
        <Badge size="sm" variant="light" color={rfq.rfq_status === 'Won' ? 'green' : 'blue'} data-testid="rfq-status">
          {rfq.rfq_status}
        </Badge>
      )}
      {rfq.rfq_days_left !== null && (
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            Days to bid due
          </Text>
          <DaysToDue days={rfq.rfq_days_left} colour={rfq.rfq_days_colour} />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Updated {showDateTime(rfq.last_updated)}
        {rfq.last_updated_by ? ` by ${rfq.last_updated_by}` : ''}
      </Text>
    </Group>
  );
}
