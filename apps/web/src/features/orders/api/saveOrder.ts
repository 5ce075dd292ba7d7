import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { orderKey, orderUrl, type OrderDetail, type OrderValues } from './types';

export interface SaveOrderInput {
  id: string;
  values: Partial<OrderValues>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

/** PUT some fields of the order; a new customer_ref makes the server fill the billing fields not sent. */
export const saveOrder = ({ id, values, version }: SaveOrderInput) => http.put<OrderDetail>(orderUrl(id), values, { ifMatch: version ?? null });

export function useSaveOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: (_answer, input) => qc.invalidateQueries({ queryKey: orderKey(input.id) }),
  });
}
