/**
 * A report schedule (aggregate `report_schedule`, list `report_schedules`): one report of a list,
 * with that list's filter, built in a rhythm and sent to users, outside addresses and webhooks. Its
 * runs are its lines (`runs`), added only by the worker's claim of a tick: a tick at or before the
 * last one claimed is refused, so two workers racing on the stream's version send one run per tick.
 */
import { z } from 'zod';
import { DomainError, type DomainEvent } from '../shared/decider.ts';
import { decideLine, defineCollection, linesOfCollection, type Line, type LinesState } from '../shared/collections.ts';
import { recordDecider, recordNames, type RecordState } from '../shared/record-decider.ts';
import { flag, id, text } from '../shared/fields.ts';
import { sameRow, type AggregateDef } from '../shared/aggregates.ts';
import { REPORT_FORMATS } from '../shared/report-catalogue.ts';
import { nextRunAt, rhythmSchema, rhythmWords, type Rhythm } from './schedule-rules.ts';
import { isTimeZone } from '../shared/time-zones.ts';

const idList = (max: number) => z.array(id()).max(max, `at most ${max}`);
export const recipientsSchema = z.object({
  users: idList(100).default([]),
  emails: z.array(z.email({ message: 'must be e-mail addresses' }).max(254)).max(100, 'at most 100').default([]),
  webhooks: idList(20).default([]),
});
export type ScheduleRecipients = z.infer<typeof recipientsSchema>;

/** What a client edits (the rest, next run and runs, is the server's and ignored when sent back). */
export const reportScheduleFields = z.object({
  name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ message: 'is required' }).min(1, 'is required').max(200)),
  list: z.string({ message: 'is required' }).min(1, 'is required').max(100),
  report: z.string({ message: 'is required' }).min(1, 'is required').max(100),
  format: z.enum(REPORT_FORMATS, { message: `must be one of ${REPORT_FORMATS.join(', ')}` }),
  filter: z.record(z.string(), z.union([z.string().max(500), z.boolean(), z.number(), z.null()])).default({}),
  rhythm: rhythmSchema,
  recipients: recipientsSchema,
  active: flag(),
  note: text(2000),
});
export type ReportScheduleFields = z.infer<typeof reportScheduleFields> & { owner_id?: string; owner_name?: string; time_zone?: string; next_run_at?: string | null };

export const RUN_STATES = ['building', 'sent', 'failed', 'retrying'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** A schedule's runs: the worker's only (the lines hook below refuses a client's). */
export const reportScheduleRuns = defineCollection({
  name: 'report_schedule_runs',
  entity: 'ReportScheduleRun',
  aggregate: 'report_schedule',
  parentField: 'schedule',
  schema: z.object({
    tick: z.string(),
    manual: z.boolean().optional(),
    report_id: z.string().nullable().optional(),
    state: z.enum(RUN_STATES),
    rows: z.number().nullable().optional(),
    size: z.number().nullable().optional(),
    delivered_as: z.enum(['attachment', 'link']).nullable().optional(),
    recipients: z.array(z.string()).optional(),
    /** The addresses mailed so far: a retry mails only the others. */
    sent_to: z.array(z.string()).optional(),
    /** The addresses the last attempt could not reach, each with the mail server's reason. */
    not_reached: z.array(z.object({ to: z.string(), error: z.string() })).optional(),
    attempts: z.number().optional(),
    error: z.string().nullable().optional(),
    sent_at: z.string().nullable().optional(),
  }),
  routes: { list: '/report_schedules/:parentId/runs/', item: '/report_schedules/runs/:id' },
  fields: [
    { name: 'tick', label: 'Due', kind: 'text', readOnly: true },
    { name: 'state', label: 'State', kind: 'text', readOnly: true },
    { name: 'rows', label: 'Rows', kind: 'number', readOnly: true },
    { name: 'size', label: 'Size', kind: 'number', readOnly: true },
    { name: 'delivered_as', label: 'Sent as', kind: 'text', readOnly: true },
    { name: 'attempts', label: 'Attempts', kind: 'number', readOnly: true },
    { name: 'error', label: 'Why it failed', kind: 'text', readOnly: true },
    { name: 'sent_at', label: 'Sent', kind: 'text', readOnly: true },
  ],
  noun: 'Run',
  // Newest first (ids grow with each claim).
  compare: (a, b) => Number(b.id) - Number(a.id),
});

/** How many runs a schedule's answer carries (GET .../runs/ lists them all). */
export const SHOWN_RUNS = 50;

export type ReportScheduleState = RecordState<ReportScheduleFields>;

export type ReportScheduleCommand =
  | { type: 'CreateReportSchedule'; reportScheduleId: string; values: Record<string, unknown>; timeZone: string }
  | { type: 'ReviseReportSchedule'; values: Record<string, unknown>; timeZone?: string }
  | { type: 'DeleteReportSchedule' }
  /** The worker's claim of a due tick (`manual`: Run now, which any time may claim). */
  | { type: 'ClaimScheduleTick'; runId: string; tick: string; manual?: boolean; timeZone: string; recipients: string[] }
  /** What became of a run: built, sent, retried, failed. */
  | { type: 'RecordScheduleRun'; runId: string; values: Partial<Line> };

/** Who a run goes to, in words the run keeps: 'user:7', 'a@b.c', 'webhook:12'. */
export const runRecipients = (r: Partial<ScheduleRecipients> | undefined) => [...(r?.users ?? []).map((u) => `user:${u}`), ...(r?.emails ?? []), ...(r?.webhooks ?? []).map((w) => `webhook:${w}`)];

const runsOf = (lines: LinesState) => linesOfCollection(lines, reportScheduleRuns);

/** The last tick claimed by the rhythm (a Run now is no tick of it). */
export const lastClaimedTick = (s: ReportScheduleState) =>
  runsOf(s.lines)
    .filter((r) => !r.manual)
    .map((r) => String(r.tick))
    .sort()
    .at(-1) ?? null;

const sameRhythm = (a: Partial<Rhythm> | undefined, b: Partial<Rhythm> | undefined) => a?.every === b?.every && a?.at === b?.at && (a?.weekday ?? null) === (b?.weekday ?? null) && (a?.month_day ?? null) === (b?.month_day ?? null);

export const reportScheduleDecider = recordDecider<ReportScheduleState, ReportScheduleCommand, DomainEvent>({
  aggregate: 'report_schedule',
  label: 'Report schedule',
  collections: [reportScheduleRuns],
  ...recordNames('ReportSchedule'),
  created: (values, command, meta) => {
    const c = command as Extract<ReportScheduleCommand, { type: 'CreateReportSchedule' }>;
    const parsed = reportScheduleFields.parse({ active: true, ...values });
    return { ...parsed, active: parsed.active ?? true, owner_id: meta.userId, owner_name: meta.userName, time_zone: c.timeZone, next_run_at: nextRunAt(parsed.rhythm, c.timeZone, meta.at) };
  },
  // The next run moves only when the rhythm, the zone or the pause changes: a schedule saved back as it is keeps its due tick.
  revised: (values, state, command, meta) => {
    const c = command as Extract<ReportScheduleCommand, { type: 'ReviseReportSchedule' }>;
    const zone = c.timeZone ?? state.fields.time_zone!;
    const rhythm = (values.rhythm ?? state.fields.rhythm) as Rhythm;
    const moved = (values.rhythm !== undefined && !sameRhythm(values.rhythm as Rhythm, state.fields.rhythm)) || zone !== state.fields.time_zone || (values.active === true && !state.fields.active);
    return { ...values, ...(zone !== state.fields.time_zone ? { time_zone: zone } : {}), ...(moved ? { next_run_at: nextRunAt(rhythm, zone, meta.at) } : {}) };
  },
  lines: () => {
    throw new DomainError('invalid', 'Runs are recorded by the worker: use Run now', { runs: 'are recorded by the worker' });
  },
  decide(command, state, meta) {
    if (!state.id || state.deleted) throw new DomainError('not_found', 'Report schedule not found');
    switch (command.type) {
      case 'ClaimScheduleTick': {
        if (!isTimeZone(command.timeZone)) throw new DomainError('invalid', 'unknown time zone', { time_zone: 'must be a time zone name' });
        const last = lastClaimedTick(state);
        if (!command.manual) {
          if (!state.fields.active) throw new DomainError('conflict', 'This schedule is paused');
          if (last && command.tick <= last) throw new DomainError('conflict', `The run due ${command.tick} is claimed already`);
        }
        const added = decideLine({ type: 'AddLine', collection: reportScheduleRuns.name, lineId: command.runId, values: { tick: command.tick, manual: Boolean(command.manual), state: 'building', recipients: command.recipients, attempts: 0 } }, state.lines, state.id, meta, [reportScheduleRuns]);
        if (command.manual) return added;
        const next = nextRunAt(state.fields.rhythm, command.timeZone, command.tick);
        return [...added, { type: 'ReportScheduleRevised', data: { changes: { next_run_at: { old: state.fields.next_run_at ?? null, new: next } } } }];
      }
      case 'RecordScheduleRun':
        return decideLine({ type: 'ReviseLine', collection: reportScheduleRuns.name, lineId: command.runId, values: command.values }, state.lines, state.id, meta, [reportScheduleRuns]);
      default:
        throw new Error(`unhandled case: ${JSON.stringify(command)}`);
    }
  },
});

/** A schedule as clients see it; a paused one has no next run. */
export function reportScheduleView(s: ReportScheduleState) {
  const f = s.fields;
  const last = runsOf(s.lines)[0] ?? null;
  const zone = f.time_zone ?? null;
  return {
    id: s.id!,
    name: f.name ?? null,
    list: f.list ?? null,
    report: f.report ?? null,
    format: f.format ?? null,
    filter: f.filter ?? {},
    rhythm: f.rhythm ?? null,
    recipients: f.recipients ?? { users: [], emails: [], webhooks: [] },
    active: f.active ?? true,
    note: f.note ?? null,
    owner_id: f.owner_id ?? null,
    owner_name: f.owner_name ?? null,
    time_zone: zone,
    rhythm_words: f.rhythm && zone ? rhythmWords(f.rhythm, zone) : null,
    next_run_at: f.active === false ? null : (f.next_run_at ?? null),
    last_run_state: last ? String(last.state) : null,
    last_run_at: last ? String(last.sent_at ?? last.tick) : null,
    created_at: s.created_at,
    last_updated: s.last_updated,
  };
}

export const reportScheduleAggregate = {
  name: 'report_schedule',
  label: 'Report schedule',
  fields: reportScheduleFields,
  decider: reportScheduleDecider as AggregateDef<ReportScheduleState>['decider'],
  view: (s) => reportScheduleView(s),
  listRow: sameRow,
  list: 'report_schedules',
  // The answer carries the newest runs only; GET .../runs/ has them all.
  presentLines: (lines) => ({ ...lines, [reportScheduleRuns.name]: Object.fromEntries(runsOf(lines).slice(0, SHOWN_RUNS).map((r) => [r.id, r])) }),
  shownAs: { title: 'name', page: '/report/schedules/' },
} satisfies AggregateDef<ReportScheduleState>;
