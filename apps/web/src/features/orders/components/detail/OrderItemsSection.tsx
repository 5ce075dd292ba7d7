import { Group, Text } from '@mantine/core';
import { orderItems } from '@trenchline/domain';
import { linesOf, RecordLineTable } from '../../../../components/lines/RecordLineTable';
import { showMoney } from '../../../../lib/numbers';
import { orderKey, type OrderDetail } from '../../api/types';
import { AddItemBar } from './AddItemBar';
import { totalsShown } from './formLogic';

/**
 * The order's items (code, item, qty, uom offered from the order packages, price, line total, barcode):
 * added by product, by barcode or blank, each edited and saved on its own; the order total under them
 * is the server's, with what it will be once unsaved edits are saved.
 */
export function OrderItemsSection({ order, readOnly }: { order: OrderDetail; readOnly?: boolean }) {
  return (
    <RecordLineTable
      {...linesOf(order.id, orderKey(order.id), readOnly)}
      def={orderItems}
      title="Items"
      rows={order.items}
      header={readOnly ? undefined : <AddItemBar orderId={order.id} />}
      footer={(current) => <OrderTotalLine total={order.total_price} current={current} />}
    />
  );
}

function OrderTotalLine({ total, current }: { total: unknown; current: Parameters<typeof totalsShown>[1] }) {
  const t = totalsShown(total, current);
  return (
    <Group justify="flex-end" gap="sm" mt={4}>
      {t.unsaved !== null && (
        <Text size="xs" c="orange" data-testid="order-total-unsaved">
          {showMoney(t.unsaved)} once the edited items are saved
        </Text>
      )}
      <Text size="sm" fw={700}>
        Order total{' '}
        <span data-testid="items-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {showMoney(t.saved)}
        </span>
      </Text>
    </Group>
  );
}
