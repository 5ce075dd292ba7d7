/**
 * The sales tracker's calls of spec 3 section 7 (docs/sales.md). The organisation, its history, as-of,
 * delete and every collection's routes (locations, surveys, contacts, e-mails, phone calls, meetings,
 * sales activities) and its creation (organizationRecord; also at the spec's .../organizations/new/)
 * come from recordRoutes; declared here, replacing those of the same method and path: the list and
 * saved dates, edits, several activities saved at once, and the weekly hours per user. Bulk archive and delete go
 * through /api/bulk/ (list `sales_organizations`), also at /api/saless/organizations/{archive,delete}/.
 */
import { BULK_MAX_IDS, SALES_MESSAGES, salesOrganizationFields } from '@trenchline/domain';
import { z } from 'zod';
import { defineRoutes, reply, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { detailReply, recordRoutes } from '../../platform/record-routes.ts';
import { listRoute } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';
import type { Executed } from '../../platform/records.ts';
import type { ApiContext } from '../../platform/context.ts';
import { organizationRecord, saveActivities, saveOrganization, weeklyActivityHours } from './sales.ts';
import { requestBulkOperation } from '../bulk/routes.ts';

const range = listRange({ preference: 'sales.search_dates' });

const generic = recordRoutes(organizationRecord);
const genericCreate = generic.find((g) => g.method === 'post' && g.path === organizationRecord.create.path)!;

/** A write's answer: the organisation with its lines, as GET answers it. */
const answer = (ctx: ApiContext, r: Executed) => detailReply(ctx, 'sales_organization', r);

const own: RouteDef[] = [
  listRoute({ path: '/sales/organizations', list: 'sales_organizations', summary: "The sales organizations (?active=t|f&archived=t|f; ?start_date&end_date&live_and_future, else the saved search dates; ?status; ?org_type or the spec's ?type; ?q=), by name; ordering by type or org_type" }),
  ...range.searchDatesRoutes('/sales/search_dates', 'sales-list'),
  // The spec's path for the generic create every record has (organizationRecord).
  { ...genericCreate, path: '/sales/organizations/new' },
  {
    method: 'put',
    path: '/sales/organizations/:id',
    summary: "Edit an organization (the whole organization may come back; computed fields are ignored), merged by field from the version last seen; the type as org_type or the spec's type (both sent and different: the one that differs from the record's is the edit); PUT {archived: true} archives",
    body: salesOrganizationFields.partial(),
    handle: async ({ actor, params, raw, baseVersion }, ctx) => answer(ctx, await saveOrganization(ctx, actor, params.id, raw.body, baseVersion)),
  },
  {
    method: 'put',
    path: '/sales/sales_activities',
    summary: "Save several sales activities at once: a list (or {activities: [...]}) of {organization, id?, version?, activity_date, activity_type, hours, notes}; with an id an edit, without one added. Answers {message: 'Good work! Activities successfully saved!', saved}",
    handle: async ({ actor, body }, ctx) => {
      const { saved, position } = await saveActivities(ctx, actor, body);
      return reply({ headers: position ? { 'X-Position': position } : {}, body: { message: SALES_MESSAGES.activities, saved, position } });
    },
  },
  {
    method: 'get',
    path: '/sales/activities/weekly',
    summary: 'The hours of the account\'s sales activities per user on each day of a week (Monday to Sunday) holding ?week=YYYY-MM-DD (today by default): {week, days, users: [{user, days, total}]}',
    query: z.object({ week: z.iso.date({ message: 'must be a date YYYY-MM-DD' }).optional() }),
    readsLists: ['collection_lines', 'sales_organizations'],
    handle: ({ actor, query }, ctx) => weeklyActivityHours(ctx, actor, (query as { week?: string }).week),
  },
];

const bulkIds = z.object({
  ids: z
    .array(z.string().regex(/^\d{1,18}$/, 'must be record ids'))
    .min(1, 'choose at least one record')
    .max(BULK_MAX_IDS, `at most ${BULK_MAX_IDS} records; send a filter to /api/bulk/ for all that match`),
});

/** The spec's bulk paths in its `/api/saless/` style: the same operation as POST /api/bulk/ {list: 'sales_organizations', action, ids}. */
const bulkPaths: RouteDef[] = (['archive', 'delete'] as const).map((action) => ({
  method: 'post' as const,
  path: `/saless/organizations/${action}`,
  summary: `${action === 'archive' ? 'Archive' : 'Delete'} the selected organizations {ids}: 202 with the bulk operation (as POST /api/bulk/ {list: 'sales_organizations', action: '${action}', ids}); the worker does it`,
  body: bulkIds,
  handle: async ({ actor, body }, ctx) =>
    requestBulkOperation(ctx, actor, { list: 'sales_organizations', action, report: null, format: null, selection: { ids: [...new Set((body as z.infer<typeof bulkIds>).ids)] } }),
}));
own.push(...bulkPaths);

export const salesRoutes = defineRoutes('sales', withOverrides(own, generic));
