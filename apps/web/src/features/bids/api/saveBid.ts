import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { bidKey, rowOf, type BidDetail, type BidValues, type WriteAnswer } from './types';

export interface SaveBidInput {
  id: string;
  values: BidValues;
  /** The version the user loaded: a later change by someone else is a 409, never overwritten. */
  version?: number;
}

export const saveBid = ({ id, values, version }: SaveBidInput) =>
  http.put<WriteAnswer<BidDetail>>(`/api/bids/${encodeURIComponent(id)}`, values, { ifMatch: version ?? null });

export function useSaveBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBid,
    onSuccess: (answer, input) => {
      // The lists show the saved row at once; the live event that follows changes nothing.
      if (answer?.id) applyRowEvent(qc, { list: 'bids', op: 'upsert', id: answer.id, row: rowOf(answer) });
      return qc.invalidateQueries({ queryKey: bidKey(input.id) });
    },
  });
}
