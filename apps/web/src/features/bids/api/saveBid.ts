import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { bidKey, type BidDetail, type BidValues, type WriteAnswer } from './types';

export interface SaveBidInput {
  id: string;
  values: BidValues;
  /** The version the user loaded: a later change by someone else is a 409, never overwritten. */
  version: number;
}

export const saveBid = ({ id, values, version }: SaveBidInput) =>
  http.put<WriteAnswer<BidDetail>>(`/api/bids/${encodeURIComponent(id)}`, values, { ifMatch: version });

export function useSaveBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBid,
    onSuccess: (_answer, input) => qc.invalidateQueries({ queryKey: bidKey(input.id) }),
  });
}
