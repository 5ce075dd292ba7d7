/** Sales read models: the organisation list, its columns and search words from its declaration (packages/platform/src/lists/sales.ts). */
import { projected, salesOrganizationsList } from '@trenchline/platform';
import { recordListProjection } from '../shared/record-list.ts';

export const salesOrganizationList = recordListProjection({ aggregate: 'sales_organization', table: 'sales_organizations', ...projected(salesOrganizationsList) });

export const salesProjections = [salesOrganizationList];
