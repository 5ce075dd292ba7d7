/**
 * The one file that composes the domain: every area's aggregates, collections, catalogs and reports,
 * listed explicitly. Code that handles any record (generic routes, history, as-of, list projections)
 * looks them up here; a new area is one line in `areas`. Areas never import this file, so it closes
 * no cycle: what shared/ code needs it is given (an aggregate's own collections).
 */
import type { AggregateDef, Area } from './shared/aggregates.ts';
import type { CatalogRecordDef } from './shared/catalog-records.ts';
import { eventTypes as lineEventTypes, lineEventKindIn, linesOfCollection, type CollectionDef, type Line, type LineEventKind, type LinesState } from './shared/collections.ts';
import { DomainError } from './shared/decider.ts';
import { historyEntryIn, type HistoryEntry, type RecordedLike } from './shared/history.ts';
import type { ReportDef } from './shared/report-catalogue.ts';
import type { ReportTableDef } from './shared/report-columns.ts';
import { isMoney } from './shared/fields.ts';
import type { BulkList, BulkListDecl } from './shared/bulk-lists.ts';
import { bidAggregate, bidsArea } from './bids/area.ts';
import { projectAggregate, projectsArea } from './projects/area.ts';
import { reportAggregate, reportsArea } from './reports/area.ts';
import { doRoutineAggregate, routineAggregate, routinesArea } from './routines/area.ts';
import { jobAggregate, jobsArea } from './jobs/area.ts';
import { settingsArea } from './settings/area.ts';
import { bulkArea } from './bulk/area.ts';
import { locateAggregate, locatesArea } from './locates/area.ts';
import { helpArea, helpTicketAggregate } from './help/area.ts';
import { orderAggregate, ordersArea } from './orders/area.ts';
import { ticketAggregate, ticketsArea } from './tickets/area.ts';
import { rfqAggregate, rfqsArea } from './rfqs/area.ts';
import { salesArea, salesOrganizationAggregate } from './sales/area.ts';
import { auditArea } from './audit/area.ts';
import { notificationsArea } from './notifications/area.ts';
import { webhooksArea } from './webhooks/area.ts';
import { WEBHOOK_EVENT_TYPES } from './webhooks/events.ts';
import { OTHER_TOPICS } from './webhooks/rules.ts';

/** Each area by its name (its folder's), which the account's trail shows and filters by. */
export const areasByName: Readonly<Record<string, Area>> = {
  bids: bidsArea, projects: projectsArea, reports: reportsArea, routines: routinesArea, jobs: jobsArea, settings: settingsArea, bulk: bulkArea,
  locates: locatesArea, help: helpArea, orders: ordersArea, tickets: ticketsArea, rfqs: rfqsArea, sales: salesArea, audit: auditArea,
  notifications: notificationsArea, webhooks: webhooksArea,
};
export const areas: readonly Area[] = Object.values(areasByName);

/** The area an aggregate is declared in; one added apart (a test's fixture area) is its own. */
export const areaOf = (aggregate: string): string =>
  Object.entries(areasByName).find(([, a]) => a.aggregates.some((x) => x.name === aggregate))?.[0] ?? aggregate;

/** Names are keys: one declared twice is a mistake found when the registry is composed. */
function byName<T>(list: readonly T[], nameOf: (t: T) => string, what: string, into: Record<string, T> = {}): Record<string, T> {
  for (const t of list) {
    const name = nameOf(t);
    if (name in into) throw new Error(`${what} ${name} declared twice`);
    into[name] = t;
  }
  return into;
}

/** Every aggregate by name; the areas' records keep their own types (`aggregates.report.view(state)`). */
export const aggregates = byName(areas.flatMap((a) => a.aggregates), (a) => a.name, 'aggregate') as Record<string, AggregateDef> & {
  bid: typeof bidAggregate;
  project: typeof projectAggregate;
  report: typeof reportAggregate;
  routine: typeof routineAggregate;
  do_routine: typeof doRoutineAggregate;
  job: typeof jobAggregate;
  locate: typeof locateAggregate;
  help_ticket: typeof helpTicketAggregate;
  order: typeof orderAggregate;
  ticket: typeof ticketAggregate;
  rfq: typeof rfqAggregate;
  sales_organization: typeof salesOrganizationAggregate;
};

/**
 * The version of the folding code every aggregate shares (record-decider, collections, upcasters):
 * bump it with any change to what existing events fold to, and every kept snapshot is ignored until
 * rebuilt (by the next write, or `npm run replay`). One aggregate's own change bumps its `stateSchema`.
 */
export const STATE_SCHEMA = 2;
/** The key a snapshot of the aggregate is kept under; one with another key is not the current fold. */
export const snapshotSchemaOf = (def: Pick<AggregateDef, 'stateSchema'>) => `${STATE_SCHEMA}.${def.stateSchema ?? 1}`;

export type AggregateName = keyof typeof aggregates;
export const aggregateDef = (name: string): AggregateDef => {
  const def = aggregates[name];
  if (!def) throw new Error(`unknown aggregate ${name}`);
  return def;
};

const allCollections: CollectionDef[] = [];
const collectionsByName: Record<string, CollectionDef> = {};
const allCatalogs: CatalogRecordDef[] = [];
const catalogsByAggregate: Record<string, CatalogRecordDef> = {};
const allReports: ReportDef[] = [];
const reportsByName: Record<string, ReportDef> = {};
const bulkListsByName: Record<string, BulkList> = {};

/** A list's bulk declaration with the commands of its record's decider (what the single archive and DELETE send). */
function composedBulkList(name: string, l: BulkListDecl): BulkList {
  const record = aggregateDef(l.aggregate).decider.record;
  const archive = l.archive ?? (record && { type: record.revise, values: { archived: true as const } });
  const remove = l.remove ?? (record && { type: record.delete });
  if (!archive || !remove) throw new Error(`bulk list ${name}: ${l.aggregate} has no record commands; declare archive and remove`);
  return { ...l, archive, remove, reports: l.reports ?? {} };
}

/** Adds an area's collections, catalogs, reports and bulk lists (its aggregates are in `aggregates` already). */
function compose(area: Area) {
  for (const c of area.collections) if (!aggregates[c.aggregate]) throw new Error(`collection ${c.name}: unknown aggregate ${c.aggregate}`);
  allCollections.push(...area.collections);
  byName(area.collections, (c) => c.name, 'collection', collectionsByName);
  allCatalogs.push(...(area.catalogs ?? []));
  byName(area.catalogs ?? [], (c) => c.aggregate, 'catalog', catalogsByAggregate);
  allReports.push(...(area.reports ?? []));
  byName(area.reports ?? [], (r) => r.name, 'report', reportsByName);
  for (const [name, l] of Object.entries(area.bulk ?? {})) byName([composedBulkList(name, l)], () => name, 'bulk list', bulkListsByName);
}
for (const area of areas) compose(area);

/**
 * Adds an area declared outside this file (a test's fixture area) to the composed domain, and gives
 * back how to take it out again. Every lookup below sees it; nothing of the twelve areas changes.
 */
export function addArea(area: Area): () => void {
  byName(area.aggregates, (a) => a.name, 'aggregate', aggregates);
  compose(area);
  return () => {
    const drop = <T>(list: T[], gone: readonly T[]) => list.splice(0, list.length, ...list.filter((t) => !gone.includes(t)));
    for (const a of area.aggregates) delete aggregates[a.name];
    for (const c of area.collections) delete collectionsByName[c.name];
    for (const c of area.catalogs ?? []) delete catalogsByAggregate[c.aggregate];
    for (const r of area.reports ?? []) delete reportsByName[r.name];
    for (const name of Object.keys(area.bulk ?? {})) delete bulkListsByName[name];
    drop(allCollections, area.collections);
    drop(allCatalogs, area.catalogs ?? []);
    drop(allReports, area.reports ?? []);
  };
}

export const collections = () => [...allCollections];
export const collectionsOf = (aggregate: string) => allCollections.filter((c) => c.aggregate === aggregate);
export function collection(name: string): CollectionDef {
  const def = collectionsByName[name];
  if (!def) throw new DomainError('not_found', `Unknown collection ${name}`);
  return def;
}

/** Which collection an event type belongs to, and whether it is an add, revise or remove. */
export const lineEventKind = (type: string): LineEventKind | undefined => lineEventKindIn(allCollections, type);

/** The lines of one collection (by name or declaration) in creation order, as clients see them. */
export const linesOf = (lines: LinesState, name: string | CollectionDef): Line[] => linesOfCollection(lines, typeof name === 'string' ? collection(name) : name);

/** One event of any record as a history entry. */
export const historyEntry = (e: RecordedLike): HistoryEntry => historyEntryIn(allCollections, e);

export const catalogRecords = () => [...allCatalogs];

export const reportDefs = () => [...allReports];
export const reportDef = (name: string): ReportDef | undefined => reportsByName[name];

/** The lists a bulk action may act on, by name (each area declares its own: `Area.bulk`). */
export const bulkListNames = () => Object.keys(bulkListsByName);
export function bulkList(name: string): BulkList {
  const list = bulkListsByName[name];
  if (!list) throw new DomainError('not_found', `No bulk list ${name}`);
  return list;
}

/**
 * Every name the domain declares as money: schema fields made with `money()` (records, lines,
 * catalog records), line fields and report columns of kind 'money' (a job's totals are such columns).
 * A field user's answers leave these out (docs/roles.md "Money"); derived, so a new amount is hidden too.
 */
export function moneyFieldNames(): ReadonlySet<string> {
  const names = new Set<string>();
  const fromSchema = (schema: { shape: Record<string, unknown> } | undefined) => {
    for (const [name, s] of Object.entries(schema?.shape ?? {})) if (isMoney(s as never)) names.add(name);
  };
  for (const a of Object.values(aggregates) as AggregateDef[]) {
    fromSchema(a.fields);
    for (const f of a.moneyFigures ?? []) names.add(f);
  }
  for (const c of allCollections) {
    fromSchema(c.schema);
    for (const f of c.fields ?? []) if (f.kind === 'money') names.add(f.name);
  }
  for (const c of allCatalogs) fromSchema(c.schema);
  for (const r of allReports) for (const col of (r as Partial<ReportTableDef>).columns ?? []) if (col.kind === 'money') names.add(col.key);
  return names;
}

/**
 * Event types the records' own rules append (BidAwarded, LocateReUpped ...), by area: no declaration
 * names them. registry.test.ts fails when a `DomainEvent<'...'>` of the domain's sources is missing here.
 */
const RULE_EVENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  bids: ['BidAwarded'],
  jobs: ['JobCreatedFromBid', 'PermitSaved', 'TicketProductionCounted'],
  locates: ['LocateFirstOpened', 'LocateReUpped'],
  tickets: ['TicketApproved', 'TicketEditRequested'],
  orders: ['OrderSubmitted'],
  rfqs: ['RfqJobMade'],
  routines: ['DoRoutineAssigned'],
  reports: ['ReportRequested', 'ReportStarted', 'ReportGenerated', 'ReportFailed'],
  bulk: ['BulkOperationRequested', 'BulkOperationFinished', 'BulkOperationFailed', 'BulkOperationCancelled'],
  settings: [
    'AccountSettingsOpened', 'AccountCancelled', 'SubscriptionChanged', 'AccountUserAdded', 'AccountUserRevised', 'AccountUserRoleChanged',
    'AccountUserPasswordChanged', 'AccountUserDeactivated', 'AccountUserReactivated', 'HistoryAnchored', 'AccountTimeZoneChanged', 'SvaRateSheetOpened',
    'DocumentCounterOpened', 'DocumentNumberIssued', 'CurrentNumberSet', 'UserAppActivityRecorded',
  ],
  webhooks: ['WebhookSecretRotated'],
};

/** Every event type the domain appends, by area: the rules' own, each record's create / revise / delete, each line's. */
export function domainEventTypesByArea(): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  const add = (area: string, types: readonly string[]) => types.forEach((t) => (out[area] ??= new Set()).add(t));
  for (const [area, types] of Object.entries(RULE_EVENT_TYPES)) add(area, types);
  for (const a of Object.values(aggregates) as AggregateDef[]) add(areaOf(a.name), Object.values(a.decider.record?.events ?? {}));
  for (const c of allCollections) add(areaOf(c.aggregate), [...Object.values(lineEventTypes(c)), ...(c.ruleEvents ?? [])]);
  return Object.fromEntries(Object.entries(out).map(([area, types]) => [area, [...types].sort()]));
}

export const domainEventTypes = (): string[] => [...new Set(Object.values(domainEventTypesByArea()).flat())].sort();

/**
 * What a webhook may subscribe to (docs/webhooks.md), grouped as Settings > Webhooks shows it: each
 * area's event types (the webhooks' own never: they carry the secret), the notifications, the report
 * schedules' deliveries.
 */
export function webhookTopicGroups(): { group: string; topics: string[] }[] {
  const events = Object.entries(domainEventTypesByArea())
    .filter(([area]) => area !== 'webhooks')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, topics]) => ({ group: area, topics: topics.filter((t) => !WEBHOOK_EVENT_TYPES.includes(t as never)) }));
  const all = [...events, { group: 'notifications', topics: OTHER_TOPICS.filter((t) => t.startsWith('notification.')) }, { group: 'report schedules', topics: OTHER_TOPICS.filter((t) => !t.startsWith('notification.')) }];
  // One group per name: the notifications area's own events (its rules') and the notifications themselves.
  const byGroup = new Map<string, string[]>();
  for (const g of all) byGroup.set(g.group, [...(byGroup.get(g.group) ?? []), ...g.topics]);
  return [...byGroup].map(([group, topics]) => ({ group, topics }));
}

export const webhookTopics = (): string[] => webhookTopicGroups().flatMap((g) => g.topics);
