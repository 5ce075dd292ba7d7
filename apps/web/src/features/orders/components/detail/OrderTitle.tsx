import { Text, Title } from '@mantine/core';
import { ArchivedBadge, StatusBadge, TitleLine, UpdatedText } from '../../../../components/record/TitleParts';
import { showDate } from '../../../../lib/dates';
import type { OrderView } from '../../api/types';
import { orderNumberText } from '../../listLogic';

/** Which order this is, for whom, its status (and when it was submitted) and when it last changed. */
export function OrderTitle({ order }: { order: OrderView }) {
  return (
    <TitleLine>
      <Title order={4} data-testid="order-title">
        Order {orderNumberText(order)}
        {order.customer_name ? ` · ${order.customer_name}` : ''}
      </Title>
      <ArchivedBadge archived={order.archived} />
      <StatusBadge status={order.status} color={order.status === 'Submitted' ? 'green' : 'blue'} testId="order-status" />
      {order.submitted_at && (
        <Text size="xs" c="dimmed">
          Submitted {showDate(order.submitted_at)}
          {order.submitted_by ? ` by ${order.submitted_by}` : ''}
        </Text>
      )}
      <UpdatedText at={order.last_updated} by={order.last_updated_by} />
    </TitleLine>
  );
}
