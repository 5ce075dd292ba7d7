import { http } from '../../../lib/http';
import type { BidRow } from './types';

/** The bid with this supplier code; 404 with a message when there is none. */
export const findBySupplierCode = (code: string) =>
  http.get<BidRow>(`/api/bids/supplier_code/${encodeURIComponent(code.trim())}`);
