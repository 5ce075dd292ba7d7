import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NEW_BID_STATUS } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { rowOf, type BidRow, type WriteAnswer } from './types';

/** A new bid starts with bid_status A, with the New dialog's fields. */
export const createBid = (values: Record<string, unknown> = {}) => http.post<WriteAnswer<BidRow>>('/api/bids/', { bid_status: NEW_BID_STATUS, ...values });

export function useCreateBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => createBid(values),
    onSuccess: (bid) => applyRowEvent(qc, { list: 'bids', op: 'upsert', id: bid.id, row: rowOf(bid) }),
  });
}
