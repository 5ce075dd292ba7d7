/** Locate read models: the locate list, its columns and search words from its declarations (packages/read-model/src/locates/list.ts). */
import { projected } from '@trenchline/platform';
import { expiringLocatesList, locatesList, unassignedLocatesList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const locateList = recordListProjection({ aggregate: 'locate', table: 'locates', ...projected(locatesList, expiringLocatesList, unassignedLocatesList) });

export const locateProjections = [locateList];
