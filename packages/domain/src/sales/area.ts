/** What the sales area declares; packages/domain/src/registry.ts composes every area. */
import { type AggregateDef, type Area } from '../shared/aggregates.ts';
import { salesOrganizationDecider, type SalesOrganizationState } from './organization.ts';
import { salesCollections } from './collections.ts';
import { salesLinesAsShown, salesOrganizationView } from './view.ts';
import { bulkEntryNamed } from '../shared/bulk-lists.ts';

export const salesOrganizationAggregate = {
  name: 'sales_organization',
  label: 'Organization',
  decider: salesOrganizationDecider,
  view: (s) => salesOrganizationView(s),
  // `type` (the spec's name of org_type) is read from the stored view, so rows stored before it carry it too.
  listRow: (view) => ({ ...view, type: view.org_type ?? null }),
  list: 'sales_organizations',
  shownAs: { page: '/sales/:id' },
  presentLines: salesLinesAsShown,
} satisfies AggregateDef<SalesOrganizationState>;

export const salesArea: Area = { aggregates: [salesOrganizationAggregate], collections: salesCollections, bulk: { sales_organizations: { aggregate: 'sales_organization', zipPrefix: 'Organization', entryPrefix: bulkEntryNamed('name', 'Organization'), actions: ['archive', 'delete'] } } };
