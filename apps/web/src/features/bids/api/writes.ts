import { listedRecordWrites } from '../../../components/record/api/listedRecordWrites';
import { bidUrl } from './getBid';
import { bidKey, rowOf, type BidDetail, type BidRow, type BidValues } from './types';

/** The bid's save (If-Match: the version the user began from) and delete, the bid list's row patched at once. */
export const bidWrites = listedRecordWrites<BidDetail, BidValues, BidRow>({ list: 'bids', url: bidUrl, key: bidKey, rowOf });
