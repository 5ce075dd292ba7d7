import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamRecord } from '../../../components/record/recordRef';
import { http } from '../../../lib/http';
import { orderKey, orderStream, orderUrl, type OrderDetail } from './types';

/** One order with its items (GET /api/crs/orders/{id}/). */
export const fetchOrder = (id: string, signal?: AbortSignal) => http.get<OrderDetail>(orderUrl(id), { signal });

export const orderQuery = (id: string) => queryOptions({ queryKey: orderKey(id), queryFn: ({ signal }) => fetchOrder(id, signal) });

export const useOrder = (id: string) => useQuery(orderQuery(id));

/** The order's history and its past (as of an instant). */
export const orderRecord = (id: string) => streamRecord(orderUrl(id), orderStream(id));
