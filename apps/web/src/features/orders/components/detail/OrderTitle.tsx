import { Badge, Group, Text, Title } from '@mantine/core';
import { showDate, showDateTime } from '../../../../lib/dates';
import type { OrderView } from '../../api/types';
import { orderNumberText } from '../../listLogic';

/** Which order this is, for whom, its status (and when it was submitted) and when it last changed. */
export function OrderTitle({ order }: { order: OrderView }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={4} data-testid="order-title">
        Order {orderNumberText(order)}
        {order.customer_name ? ` · ${order.customer_name}` : ''}
      </Title>
      {order.archived && (
        <Badge size="sm" color="gray">
          Archived
        </Badge>
      )}
      {order.status && (
        <Badge size="sm" variant="light" color={order.status === 'Submitted' ? 'green' : 'blue'} data-testid="order-status">
          {order.status}
        </Badge>
      )}
      {order.submitted_at && (
        <Text size="xs" c="dimmed">
          Submitted {showDate(order.submitted_at)}
          {order.submitted_by ? ` by ${order.submitted_by}` : ''}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Updated {showDateTime(order.last_updated)}
        {order.last_updated_by ? ` by ${order.last_updated_by}` : ''}
      </Text>
    </Group>
  );
}
