/**
 * The sales tracker's list of organisations (spec 3: /sales/): by name, the toggles and a date range
 * (created to last contact), saved dates under 'sales.search_dates', ?status, ?org_type (or the spec's
 * name, ?type; `ordering=type` sorts as org_type).
 */
import { SALES_STATUSES, SALES_TYPES } from '@trenchline/domain';
import { date, defineList, number, sortedBy, text } from '@trenchline/platform/lists/define.ts';


export const SALES_SEARCH_DATES = 'sales.search_dates';

export const salesOrganizations = defineList({
  name: 'sales_organizations',
  aggregate: 'sales_organization',
  table: 'sales_organizations',
  columns: [
    text('name'),
    text('org_type'),
    text('status'),
    text('adoption_status'),
    text('lead_source'),
    text('scrubbed_reason'),
    text('colour'),
    text('city'),
    // `state` is the row's folded state: the organisation's state (US) is `state_code`.
    text('state_code', 'state'),
    text('primary_contact'),
    date('next_follow_up'),
    date('last_contacted'),
    date('created_on', 'created_at'),
    number('activity_hours'),
  ],
  sorts: { id: 'id', last_updated: 'updated_at', state: 'state_code', type: 'org_type', ...sortedBy('name', 'org_type', 'status', 'adoption_status', 'lead_source', 'scrubbed_reason', 'colour', 'city', 'primary_contact', 'next_follow_up', 'last_contacted', 'activity_hours') },
  defaultOrdering: 'name',
  search: (v) => [v.id, v.name, v.org_type, v.status, v.adoption_status, v.lead_source, v.city, v.state, v.primary_contact, v.phone, v.email, v.website],
  filters: {
    toggles: 'active_archived',
    range: { due: 'last_contacted', start: 'created_on', created: 'created_on', preference: SALES_SEARCH_DATES },
    equals: { status: { column: 'status', values: SALES_STATUSES }, org_type: { column: 'org_type', values: SALES_TYPES }, type: { column: 'org_type', values: SALES_TYPES } },
  },
  omit: ['notes'],
});
