import { recordCalls } from '../../../components/record/api/recordCalls';
import { orderKey, orderStream, orderUrl, pagedOrdersKey, type OrderDetail, type OrderValues } from './types';

/**
 * An order's generic requests (components/record/api): GET, PUT (a new customer_ref makes the server
 * fill the billing fields not sent) and DELETE /api/crs/orders/{id}/; POST /api/crs/orders/ (201): a
 * Draft dated today, numbered by the order counter, its customer picked on its page.
 */
export const orderCalls = recordCalls<OrderDetail, OrderValues>({ url: orderUrl, key: orderKey, stream: orderStream, create: { path: '/api/crs/orders/', listKey: pagedOrdersKey } });
