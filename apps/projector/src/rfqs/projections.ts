/** RFQ read models: the RFQ list, its columns and search words from its declaration (packages/read-model/src/rfqs/list.ts). */
import { projected } from '@trenchline/platform';
import { rfqsList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const rfqList = recordListProjection({ aggregate: 'rfq', table: 'rfqs', ...projected(rfqsList) });

export const rfqProjections = [rfqList];
