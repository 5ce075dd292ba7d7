import { useMutation } from '@tanstack/react-query';
import { NEW_BID_STATUS } from '@trenchline/domain';
import { http } from '../../../lib/http';
import type { BidRow, WriteAnswer } from './types';

/** A new bid starts with bid_status A; the list gets it through the live 'bids' row event. */
export const createBid = () => http.post<WriteAnswer<BidRow>>('/api/bids/', { bid_status: NEW_BID_STATUS });

export const useCreateBid = () => useMutation({ mutationFn: createBid });
