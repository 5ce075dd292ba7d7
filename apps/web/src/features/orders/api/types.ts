/** The shapes of the order calls, their cache keys and where an order lives (API and screen). */
import type { Line, OrderFields } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every field of an order, null when never set (the API always sends the full shape). */
export type OrderValues = RecordValues<OrderFields>;

/** An order as the API answers it everywhere (detail and list rows): its fields and what it computes. */
export type OrderView = OrderValues & {
  id: string;
  version?: number;
  /** The sum of its lines' totals by the domain rule (orderTotal), computed by the server. */
  total_price: number;
  item_count: number;
  created_at: string | null;
  last_updated: string | null;
  last_updated_by: string | null;
};

/** A row of GET /api/crs/orders/ (and of live 'row' events of the 'orders' room). */
export type OrderRow = OrderView;

/** GET /api/crs/orders/{id}/: the order with its items. */
export type OrderDetail = OrderView & {
  version: number;
  position?: string | number;
  items: Line[];
};

export const orderStream = (id: string) => `order-${id}`;
export const orderKey = (id: string) => ['record', orderStream(id)] as const;
export const orderUrl = (id: string) => `/api/crs/orders/${encodeURIComponent(id)}/`;
export const orderPath = (id: string) => `/order/${encodeURIComponent(id)}`;

/** Every cached page of the order list (the 'orders' room). */
export const ORDERS_LIST = 'orders';
export const pagedOrdersKey = () => ['paged', ORDERS_LIST] as const;
export const searchDatesKey = ['orders', 'search_dates'] as const;
