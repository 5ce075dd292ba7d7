import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { pagedOrdersKey, type OrderDetail } from './types';

/** POST /api/crs/orders/ (201): a Draft dated today, numbered by the order counter; the customer is picked on its page. */
export const createOrder = () => http.post<OrderDetail>('/api/crs/orders/', {});

/** New order from the list; the list's pages are read again (newest first, it is at the top). */
export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...pagedOrdersKey()] }),
  });
}
