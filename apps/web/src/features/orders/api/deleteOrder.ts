import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { orderKey, orderUrl } from './types';

/** DELETE /api/crs/orders/{id}/. */
export const deleteOrder = (id: string) => http.del<{ id: string; deleted: boolean }>(orderUrl(id));

export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_a, id) => qc.removeQueries({ queryKey: orderKey(id) }),
  });
}
