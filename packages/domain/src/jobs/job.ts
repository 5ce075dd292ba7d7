/** The job aggregate. */
import { decideLine, stampVersion, linesOfCollection, parseLineValues, type Line } from '../shared/collections.ts';
import { type Decider, type DomainEvent, DomainError } from '../shared/decider.ts';
import { newRecordState, recordDecider, recordNames, type RecordState, requireNoRecord, requireRecord } from '../shared/record-decider.ts';
import { bidItems } from '../bids/collections.ts';
import { type ChangeCibeLines, type ImportOrcaJob, type JobCommand, type JobFields, jobFields } from './commands.ts';
import { decideOrcaImport } from './orca-import.ts';
import type { JobCreatedFromBid, JobEvent, PermitSaved } from './events.ts';
import { applyChanges } from '../shared/changes.ts';
import { decideCibeLines, decideJobLine } from './orca-lines.ts';
import { NEW_WORK_STATUS, divisionOf, jobFieldsFromBid, jobItemFromBidItem } from './rules.ts';
import { jobCollections } from './collections.ts';
import { jobItems, jobPdfBundles } from './base-collections.ts';
import { decideTicketProduction, evolveTicketCount, type CountTicketProduction, type TicketCount, type TicketProductionCounted } from './ticket-production.ts';

export type JobState = RecordState<JobFields> & {
  /** What each approved field ticket counts on the job (jobs/ticket-production.ts). */
  counted_tickets?: Record<string, TicketCount>;
};

export const initialJobState: JobState = newRecordState();

/** A division sent by its number (1 to 5) is read as its name in the job's list (rules.ts divisionOf). */
function withDivisionNamed<V extends Record<string, unknown>>(values: V, formType: unknown): V {
  if (values.division === undefined || values.division === null) return values;
  return { ...values, division: divisionOf(values.form_type ?? formType, values.division) };
}

export const jobDecider: Decider<JobState, JobCommand, JobEvent> = recordDecider<JobState, JobCommand, JobEvent>({
  aggregate: 'job',
  label: 'Job',
  collections: jobCollections,
  ...recordNames('Job'),
  created: (values) => withDivisionNamed(jobFields.parse({ archived: false, work_status: NEW_WORK_STATUS, ...values }), undefined),
  revised: (values, state) => withDivisionNamed(values, state.fields.form_type),
  oneBundleIn: jobPdfBundles.name,
  // The ORCA rules (tasks, CIBE lines, permits) run on every line command; other lines are plain.
  lines: (command, state, _meta, plain) => decideJobLine(command, state, plain),

  /** A job made from a bid: one command for the whole conversion, so a job never exists without its items. */
  decide(command, state, meta) {
    if (command.type === 'ChangeCibeLines') {
      requireRecord(state, 'Job');
      return decideCibeLines(command as ChangeCibeLines, state, (c) => decideLine(c, state.lines, state.id!, meta, jobCollections)) as JobEvent[];
    }
    if (command.type === 'CountTicketProduction') {
      requireRecord(state, 'Job');
      return decideTicketProduction(command as CountTicketProduction, state) as JobEvent[];
    }
    if (command.type === 'ImportOrcaJob') {
      // Each step is the job's own decision, folded before the next, so every ORCA rule applies.
      const steps = { decide: (c: JobCommand, s: JobState) => jobDecider.decide(c, s, meta), evolve: (s: JobState, e: DomainEvent) => jobDecider.evolve(s, e as JobEvent, meta) };
      return decideOrcaImport(command as ImportOrcaJob, state, steps) as JobEvent[];
    }
    if (command.type !== 'CreateJobFromBid') throw new Error(`unhandled case: ${command.type}`);
    requireNoRecord(state, 'Job');
    const bid = command.bid;
    if (!bid.id || bid.deleted) throw new DomainError('not_found', 'Bid not found');
    const fromBid = linesOfCollection(bid.lines, bidItems);
    if (command.itemIds.length !== fromBid.length) throw new Error('one line id per bid item is required');
    const items: Line[] = fromBid.map((bi, n) => ({
      ...(jobItems.defaults ?? {}),
      ...parseLineValues(jobItems, jobItemFromBidItem(bi), true),
      id: command.itemIds[n],
      job: command.jobId,
    }));
    const values = jobFields.parse({ archived: false, ...jobFieldsFromBid(bid), ...(command.values ?? {}) });
    return [{ type: 'JobCreatedFromBid', data: { id: command.jobId, bid_ref: bid.id, values, items } }];
  },

  evolve(touched, event, meta) {
    // PermitSaved moves the job's own permit_expiration_date as a revision does.
    if (event.type === 'PermitSaved') return { ...touched, fields: applyChanges(touched.fields, (event as PermitSaved).data.changes) };
    if (event.type === 'TicketProductionCounted') return evolveTicketCount(touched, event as TicketProductionCounted);
    if (event.type !== 'JobCreatedFromBid') return undefined;
    const { data } = event as JobCreatedFromBid;
    return {
      ...touched,
      id: data.id,
      fields: data.values,
      created_at: meta.at,
      lines: { ...touched.lines, job_items: Object.fromEntries(data.items.map((i) => [i.id, stampVersion(i, meta)])) },
    };
  },
});
