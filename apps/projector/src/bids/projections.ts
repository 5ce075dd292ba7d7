/** Bid read models: the bid list, its columns and search words from its declaration (packages/read-model/src/bids/list.ts). */
import { projected } from '@trenchline/platform';
import { bidsList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const bidList = recordListProjection({ aggregate: 'bid', table: 'bids', ...projected(bidsList) });

export const bidProjections = [bidList];
