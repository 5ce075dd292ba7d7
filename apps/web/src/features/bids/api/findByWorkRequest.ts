import { http } from '../../../lib/http';
import type { BidRow } from './types';

/** The bid with this work request; 404 with a message when there is none. */
export const findByWorkRequest = (wr: string) => http.get<BidRow>(`/api/bids/work_request/${encodeURIComponent(wr.trim())}`);
