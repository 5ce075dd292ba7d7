/**
 * Every aggregate by name: its decider and how its records are shown. Code that handles any record
 * (generic routes, history, as-of, list projections) looks them up here, so a new area is one entry.
 */
import type { Decider, DomainEvent } from './shared/decider.ts';
import { bidDecider, type BidState } from './bids/bid.ts';
import { bidView, withBidDays } from './bids/view.ts';
import { jobDecider, type JobState } from './jobs/job.ts';
import { jobView, withJobDays } from './jobs/view.ts';
import { jobLinesAsShown } from './jobs/rules.ts';
import type { LinesState } from './shared/collections.ts';
import { catalogDecider, catalogRecords, catalogUniqueKey, catalogView, type CatalogRecordDef } from './shared/catalog-records.ts';
import { accountSettingsDecider, type AccountSettingsState } from './settings/account-settings.ts';
import { svaRateSheetDecider, type SvaRateSheetState } from './settings/sva-rate-sheet.ts';
import { documentCounterDecider, type DocumentCounterState } from './settings/document-counter.ts';
import { accountSettingsView, documentCounterView, svaRateSheetView } from './settings/view.ts';
import { projectDecider, type ProjectState } from './projects/project.ts';
import { projectView, withProjectDays } from './projects/view.ts';
import { reportDecider, type ReportState } from './reports/report.ts';
import { reportView } from './reports/view.ts';
import { routineDecider, type RoutineState } from './routines/routine.ts';
import { doRoutineDecider, type DoRoutineState } from './routines/do-routine.ts';
import { doRoutineView, routineView, withDoRoutineDays } from './routines/view.ts';
import './settings/catalogs.ts';
import './projects/reports.ts';
import './jobs/reports.ts';

export interface AggregateDef<S extends { id: string | null; deleted: boolean } = any> {
  name: string;
  /** What users call one record, for messages ('Bid not found'). */
  label: string;
  decider: Decider<S, any, DomainEvent>;
  /** The record as clients see it. */
  view(state: S, today: string): Record<string, unknown> & { id: string };
  /** A stored list row refreshed for today (days-away and colours move with the date). */
  listRow(view: Record<string, unknown>, today: string): Record<string, unknown>;
  /** Name of its list read model and live-update room (none for an account's one-of records). */
  list?: string;
  /** No two live records of the account may hold the same key (the API claims keys as it appends). */
  unique?: { field: string; of(state: S): string | null; message(value: unknown): string };
  /** The account has exactly one record of this aggregate, opened by the API with `OpenRecord`. */
  singleton?: boolean;
  /** Writers queue on the record's snapshot row and decide from it (document counters). */
  snapshot?: boolean;
  /** The catalog declaration, for catalog records. */
  catalog?: CatalogRecordDef;
  /** The record's own editable fields, which concurrent edits merge by (default: `state.fields`). */
  fieldsOf?(state: S): Record<string, unknown>;
  /** Its lines as clients see them, with what a line shows of other lines (a segment's totals, a production's photos). */
  presentLines?(lines: LinesState): LinesState;
}

/** A record's lines as clients see them (see AggregateDef.presentLines). */
export const linesAsShown = (def: AggregateDef, lines: LinesState | undefined): LinesState => (def.presentLines ? def.presentLines(lines ?? {}) : (lines ?? {}));

/** The fields an edit of the record changes and merges by. */
export const recordFieldsOf = (def: AggregateDef) => (state: any): Record<string, unknown> | undefined => (def.fieldsOf ? def.fieldsOf(state) : state.fields);

const same = (v: Record<string, unknown>) => v;

function catalogAggregate(c: CatalogRecordDef): AggregateDef {
  return {
    name: c.aggregate,
    label: c.label,
    decider: catalogDecider(c),
    view: (s) => catalogView(c, s),
    listRow: same,
    list: c.list,
    unique: c.unique ? { field: c.unique, of: (s) => catalogUniqueKey(c, s), message: (v) => `${c.label} "${String(v ?? '').trim().replace(/\s+/g, ' ')}" already exists` } : undefined,
    catalog: c,
  };
}

export const aggregates = {
  bid: { name: 'bid', label: 'Bid', decider: bidDecider, view: bidView, listRow: withBidDays, list: 'bids' } satisfies AggregateDef<BidState>,
  project: { name: 'project', label: 'Project', decider: projectDecider, view: projectView, listRow: withProjectDays, list: 'projects' } satisfies AggregateDef<ProjectState>,
  report: { name: 'report', label: 'Report', decider: reportDecider, view: (s: ReportState) => reportView(s), listRow: same, list: 'reports' } satisfies AggregateDef<ReportState>,
  routine: { name: 'routine', label: 'Routine', decider: routineDecider, view: (s: RoutineState, _today: string) => routineView(s), listRow: same, list: 'routines' } satisfies AggregateDef<RoutineState>,
  do_routine: { name: 'do_routine', label: 'Do-routine', decider: doRoutineDecider, view: doRoutineView, listRow: withDoRoutineDays, list: 'do_routines' } satisfies AggregateDef<DoRoutineState>,
  job: { name: 'job', label: 'Job', decider: jobDecider, view: (s: JobState, today: string) => jobView(s, today), listRow: withJobDays, list: 'jobs', presentLines: jobLinesAsShown } satisfies AggregateDef<JobState>,
  account_settings: { name: 'account_settings', label: 'Settings', decider: accountSettingsDecider, view: (s: AccountSettingsState) => accountSettingsView(s), listRow: same, singleton: true } satisfies AggregateDef<AccountSettingsState>,
  sva_rate_sheet: { name: 'sva_rate_sheet', label: 'SVA rate sheet', decider: svaRateSheetDecider, view: (s: SvaRateSheetState) => svaRateSheetView(s), listRow: same, singleton: true } satisfies AggregateDef<SvaRateSheetState>,
  document_counter: { name: 'document_counter', label: 'Counter', decider: documentCounterDecider, view: (s: DocumentCounterState) => documentCounterView(s), listRow: same, singleton: true, snapshot: true, fieldsOf: (s: DocumentCounterState) => ({ number: s.number }) } satisfies AggregateDef<DocumentCounterState>,
  ...(Object.fromEntries(catalogRecords().map((c) => [c.aggregate, catalogAggregate(c)])) as Record<string, AggregateDef>),
} as const;

export type AggregateName = keyof typeof aggregates;
export const aggregateDef = (name: string): AggregateDef => {
  const def = (aggregates as Record<string, AggregateDef>)[name];
  if (!def) throw new Error(`unknown aggregate ${name}`);
  return def;
};
