/** Order read models: the order list, its columns and search words from its declaration (packages/read-model/src/orders/list.ts). */
import { projected } from '@trenchline/platform';
import { ordersList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const orderList = recordListProjection({ aggregate: 'order', table: 'orders', ...projected(ordersList) });

export const orderProjections = [orderList];
