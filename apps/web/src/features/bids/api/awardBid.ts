import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { rowOf, type BidRow } from './types';

export interface AwardInput {
  supplier_code: string;
  work_request: string;
}

export interface AwardAnswer {
  message: string;
  bid: BidRow;
}

/**
 * Award the bid matching both numbers (POST; the GET form exists only for old clients). The server
 * finds the bid in the bid list, so the request waits for this client's own last save to be listed.
 */
export const awardBid = ({ supplier_code, work_request }: AwardInput) => {
  const q = new URLSearchParams({ supplier_code: supplier_code.trim(), work_request: work_request.trim() });
  return http.post<AwardAnswer>(`/api/bids/award_bid/?${q}`, undefined, { list: true });
};

export function useAwardBid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: awardBid,
    onSuccess: (answer) => {
      if (answer?.bid?.id) applyRowEvent(qc, { list: 'bids', op: 'upsert', id: answer.bid.id, row: rowOf(answer.bid) });
    },
  });
}
