/**
 * What the sales tracker's calls do beyond the generic record routes (docs/sales.md): a new
 * organisation's type under either name (organizationRecord), several sales activities saved at once (PUT /api/sales/sales_activities/), and the
 * weekly hours of sales activities per user.
 */
import { collection, DomainError, orgTypeSent, parseLineValues, salesOrganizationFields, salesTypeAlias, weeklyHours, weekStart, type SalesOrganizationState } from '@trenchline/domain';
import { waitForLists } from '@trenchline/platform';
import { today, type Actor, type ApiContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { newLineIds } from '../../platform/ids.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { lineEdit, RECORD_FIELDS, stripClientOnly, type RecordRoutesOptions } from '../../platform/record-routes.ts';

const activities = collection('sales_activities');
const idText = /^\d{1,18}$/;

/** A body's organisation fields, its type under either name (`orgTypeSent`): a bad `type` is a 400 naming it. */
function organizationValues(raw: unknown, seen?: unknown): Record<string, unknown> {
  const body = (raw ?? {}) as Record<string, unknown>;
  const { type } = salesTypeAlias.parse(body);
  const values = salesOrganizationFields.partial().parse(body) as Record<string, unknown>;
  const org_type = orgTypeSent({ ...('org_type' in body ? { org_type: values.org_type } : {}), ...('type' in body ? { type } : {}) }, seen);
  return org_type === undefined ? values : { ...values, org_type };
}

/** The organisation as a record: a new one is a Lead, New, unless sent; its type as `org_type` or the spec's `type`. */
export const organizationRecord: RecordRoutesOptions = {
  aggregate: 'sales_organization',
  base: '/sales/organizations/:id',
  fields: salesOrganizationFields,
  create: {
    path: '/sales/organizations',
    summary: "Create an organization {name, org_type (or the spec's type), status, adoption_status, lead_source, ...}: a Lead, New, unless sent",
    prepare: (_ctx, _actor, _body, raw) => organizationValues(raw),
    withLines: true,
  },
};

/**
 * An edit of the organisation (the whole of it may come back), merged by field; its type as `org_type`
 * or `type`, told apart against the type as the author saw it (at the version sent, else as it stands).
 */
export async function saveOrganization(ctx: ApiContext, actor: Actor, id: string, body: unknown, base?: number) {
  const current = await loadRecord<SalesOrganizationState>(ctx, actor, 'sales_organization', id, base === undefined ? {} : { follow: { part: RECORD_FIELDS, since: base } });
  const seen = current.since?.base ?? current.state.fields;
  const values = organizationValues(body, seen.org_type);
  return executeCommand<SalesOrganizationState>(ctx, actor, 'sales_organization', id, { part: RECORD_FIELDS, values, base, command: (v) => ({ type: 'ReviseSalesOrganization', values: v }) });
}

/**
 * Several activities at once (the activities form's one Save): a list, or {activities: [...]}, each
 * naming its organisation; one with an id is an edit merged from its version, one without is added.
 * Every line is checked before anything is written (400 naming `<n>.<field>`); each organisation's lines
 * are one write.
 */
export async function saveActivities(ctx: ApiContext, actor: Actor, raw: unknown) {
  const list = Array.isArray(raw) ? raw : Array.isArray((raw as { activities?: unknown } | null)?.activities) ? (raw as { activities: unknown[] }).activities : null;
  if (!list) throw badRequest({ activities: 'must be a list of activities' });
  const bad: Record<string, string> = {};
  const parsed = list.map((item, n) => {
    const a = (item ?? {}) as Record<string, unknown>;
    const org = a.organization === undefined || a.organization === null ? '' : String(a.organization);
    if (!idText.test(org)) bad[`${n}.organization`] = 'must be the id of an organization';
    try {
      return { n, org, id: a.id === undefined || a.id === null || a.id === '' ? null : String(a.id), version: typeof a.version === 'number' ? a.version : undefined, values: parseLineValues(activities, stripClientOnly(a, activities), true) };
    } catch (e) {
      for (const [f, m] of Object.entries((e as DomainError).fields ?? {})) bad[`${n}.${f}`] = String(m);
      return null;
    }
  });
  if (Object.keys(bad).length) throw badRequest(bad);
  const byOrg = new Map<string, NonNullable<(typeof parsed)[number]>[]>();
  for (const p of parsed) if (p) byOrg.set(p.org, [...(byOrg.get(p.org) ?? []), p]);
  // Another account's organisation is not found before anything is written.
  for (const org of byOrg.keys()) await loadRecord(ctx, actor, 'sales_organization', org);
  const saved: { organization: string; ids: string[] }[] = [];
  let position: string | null = null;
  for (const [org, lines] of byOrg) {
    const fresh = lines.filter((l) => !l.id);
    const newIds = fresh.length ? await newLineIds(ctx, actor.accountId, activities.name, 'sales_organization', org, fresh.length) : [];
    const ids = lines.map((l) => l.id ?? newIds.shift()!);
    const parts = lines.map((l, i) => (l.id ? lineEdit(activities, l.id, l.values, l.version) : { type: 'AddLine', collection: activities.name, lineId: ids[i], values: l.values }));
    const r = await executeCommand(ctx, actor, 'sales_organization', org, parts);
    position = r.position ?? position;
    saved.push({ organization: org, ids });
  }
  return { saved, position };
}

/** The hours of the account's sales activities per user on each day of the week holding `day` (today by default). */
export async function weeklyActivityHours(ctx: ApiContext, actor: Actor, day?: string) {
  // The hours as they stand (an activity saved just before counts): the lines read model is awaited up to the
  // store's last event (at most 2 s, as a list's X-Min-Position), since the old client sends none.
  const last = await ctx.store.lastPosition();
  if (last) await waitForLists(ctx, ['collection_lines', 'sales_organizations'], last);
  const monday = weekStart(day ?? today(ctx));
  const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  const rows: { line: Record<string, unknown> }[] = await ctx
    .db('collection_lines as l')
    .join('sales_organizations as o', function () {
      this.on('o.id', '=', 'l.parent_id').andOn('o.account_id', '=', 'l.account_id');
    })
    .where({ 'l.account_id': actor.accountId, 'l.collection': activities.name, 'l.removed': false, 'o.deleted': false })
    .whereRaw("l.line->>'activity_date' between ? and ?", [monday, sunday])
    .select('l.line');
  return weeklyHours(rows.map((r) => ({ user: (r.line.user as string | null) ?? null, activity_date: (r.line.activity_date as string | null) ?? null, hours: r.line.hours })), monday);
}
