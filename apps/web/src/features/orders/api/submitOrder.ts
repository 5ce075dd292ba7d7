import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { orderKey, orderUrl, type OrderDetail } from './types';

/** POST /api/crs/orders/{id}/submit/: the order Submitted, or 400 'Customer Name please' / 'Items please'. */
export const submitOrder = (id: string) => http.post<OrderDetail>(`${orderUrl(id)}submit/`, {});

export function useSubmitOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSuccess: (answer, id) => {
      qc.setQueryData(orderKey(id), answer);
      return qc.invalidateQueries({ queryKey: orderKey(id) });
    },
  });
}
