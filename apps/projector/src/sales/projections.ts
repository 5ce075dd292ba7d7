/** Sales read models: the organisation list, its columns and search words from its declaration (packages/read-model/src/sales/list.ts). */
import { projected } from '@trenchline/platform';
import { salesOrganizationsList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const salesOrganizationList = recordListProjection({ aggregate: 'sales_organization', table: 'sales_organizations', ...projected(salesOrganizationsList) });

export const salesProjections = [salesOrganizationList];
