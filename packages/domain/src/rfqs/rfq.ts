/**
 * The RFQ aggregate: a request for quote with its segments, each segment's estimates, notes and PDF
 * bundle. Its own rules: the number from the rfq counter, and a won RFQ making its job (RfqJobMade,
 * once; the API then creates the job from the RFQ under that id: rfq-job.ts).
 */
import { applyChanges } from '../shared/changes.ts';
import { DomainError, type Decider } from '../shared/decider.ts';
import type { DateOrder } from '../shared/date-order.ts';
import { filledValues, newRecordState, recordDecider, recordNames, type RecordState, requireRecord } from '../shared/record-decider.ts';
import { type RfqCommand, type RfqFields, rfqFields } from './commands.ts';
import type { RfqEvent, RfqJobMade } from './events.ts';
import { rfqCollections, rfqFiles } from './collections.ts';
import { NEW_RFQ_STATUS, RFQ_MESSAGES, WON_RFQ_STATUS } from './rules.ts';

export type RfqState = RecordState<RfqFields>;
export const initialRfqState: RfqState = newRecordState();

/** The PO's completion is not before its start (issue 28; shared/date-order.ts says when a save is refused). */
export const RFQ_DATE_ORDER: readonly DateOrder[] = [{ earlier: 'po_start_date', later: 'po_complete_date', earlierLabel: 'PO start date', laterLabel: 'PO complete date' }];

export const rfqDecider: Decider<RfqState, RfqCommand, RfqEvent> = recordDecider<RfqState, RfqCommand, RfqEvent>({
  aggregate: 'rfq',
  label: 'RFQ',
  collections: rfqCollections,
  ...recordNames('Rfq'),
  oneBundleIn: rfqFiles.name,
  created: (values, command) => {
    const c = command as { rfqNumber?: string; today?: string };
    const given = filledValues(values, rfqFields.shape);
    return { ...rfqFields.parse({ archived: false, rfq_status: NEW_RFQ_STATUS, rfq_date: c.today, ...given }), account_rfq_number: c.rfqNumber ?? null, job_ref: null };
  },
  // Only the editable fields: the number is the counter's, the job the one it made.
  revised: (values) => Object.fromEntries(Object.entries(values).filter(([k]) => k in rfqFields.shape)),
  dateOrder: RFQ_DATE_ORDER,

  decide(command, state) {
    if (command.type !== 'MakeJobFromRfq') throw new Error(`unhandled case: ${command.type}`);
    requireRecord(state, 'RFQ');
    if (state.fields.rfq_status !== WON_RFQ_STATUS) throw new DomainError('invalid', RFQ_MESSAGES.notWon, { rfq_status: 'must be Won' });
    if (state.fields.job_ref) throw new DomainError('already_exists', `This RFQ made job ${state.fields.job_ref} already`, { job_ref: 'made already' });
    return [{ type: 'RfqJobMade', data: { changes: { job_ref: { old: null, new: command.jobId } } } } as RfqJobMade];
  },
  evolve(touched, event) {
    if (event.type !== 'RfqJobMade') return undefined;
    return { ...touched, fields: applyChanges(touched.fields, (event as RfqJobMade).data.changes) };
  },
});
