import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { bidKey } from './types';

export const deleteBid = (id: string) => http.del(`/api/bids/${encodeURIComponent(id)}`);

export function useDeleteBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteBid,
    onSuccess: (_a, id) => {
      applyRowEvent(qc, { list: 'bids', op: 'remove', id });
      qc.removeQueries({ queryKey: bidKey(id) });
    },
  });
}
