/** The order as clients see it: its fields, its total by the domain rule, its lines' count. */
import { linesOfCollection } from '../shared/collections.ts';
import { ORDER_FIELD_NAMES } from './commands.ts';
import type { OrderState } from './order.ts';
import { orderItems } from './collections.ts';
import { orderTotal } from './rules.ts';

export function orderView(state: OrderState) {
  const items = linesOfCollection(state.lines, orderItems);
  return {
    id: state.id!,
    ...Object.fromEntries(ORDER_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null])),
    total_price: orderTotal(items),
    item_count: items.length,
    created_at: state.created_at,
    last_updated: state.last_updated,
    last_updated_by: state.last_updated_by ?? null,
  };
}
