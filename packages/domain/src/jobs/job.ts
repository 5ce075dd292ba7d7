/** The job aggregate. */
import { applyChanges, diff, hasChanges } from '../shared/changes.ts';
import { evolveLines, isLineCommand, stampVersion, linesOf, parseLineValues, collection, type Line, type LinesState } from '../shared/collections.ts';
import { type Decider, DomainError, assertNever } from '../shared/decider.ts';
import { decideLineKeepingOneBundle } from '../shared/files.ts';
import { type JobCommand, type JobFields, jobFields } from './commands.ts';
import type { JobEvent, JobOwnEvent } from './events.ts';
import { NEW_WORK_STATUS, jobFieldsFromBid, jobItemFromBidItem } from './rules.ts';
import './collections.ts';

export interface JobState {
  id: string | null;
  deleted: boolean;
  fields: JobFields;
  created_at: string | null;
  last_updated: string | null;
  lines: LinesState;
}

export const initialJobState: JobState = { id: null, deleted: false, fields: {}, created_at: null, last_updated: null, lines: {} };

function requireJob(state: JobState) {
  if (!state.id || state.deleted) throw new DomainError('not_found', 'Job not found');
}

export const jobDecider: Decider<JobState, JobCommand, JobEvent> = {
  aggregate: 'job',
  initialState: initialJobState,

  decide(command, state, meta) {
    if (isLineCommand(command)) {
      requireJob(state);
      return decideLineKeepingOneBundle(command, state.lines, state.id!, meta, 'job', 'job_pdf_bundles');
    }
    switch (command.type) {
      case 'CreateJob': {
        if (state.id) throw new DomainError('already_exists', 'Job already exists');
        const values = jobFields.parse({ archived: false, work_status: NEW_WORK_STATUS, ...command.values });
        return [{ type: 'JobCreated', data: { id: command.jobId, values } }];
      }
      case 'CreateJobFromBid': {
        if (state.id) throw new DomainError('already_exists', 'Job already exists');
        const bid = command.bid;
        if (!bid.id || bid.deleted) throw new DomainError('not_found', 'Bid not found');
        const bidItems = linesOf(bid.lines, 'bid_items');
        if (command.itemIds.length !== bidItems.length) throw new Error('one line id per bid item is required');
        const def = collection('job_items');
        const items: Line[] = bidItems.map((bi, n) => ({
          ...(def.defaults ?? {}),
          ...parseLineValues(def, jobItemFromBidItem(bi), true),
          id: command.itemIds[n],
          job: command.jobId,
        }));
        const values = jobFields.parse({ archived: false, ...jobFieldsFromBid(bid), ...(command.values ?? {}) });
        return [{ type: 'JobCreatedFromBid', data: { id: command.jobId, bid_ref: bid.id, values, items } }];
      }
      case 'ReviseJob': {
        requireJob(state);
        const changes = diff(state.fields, command.values);
        return hasChanges(changes) ? [{ type: 'JobRevised', data: { changes } }] : [];
      }
      case 'DeleteJob':
        requireJob(state);
        return [{ type: 'JobDeleted', data: {} }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    const e = event as JobOwnEvent; // line events fall to default
    switch (e.type) {
      case 'JobCreated':
        return { ...touched, id: e.data.id, fields: e.data.values, created_at: meta.at };
      case 'JobCreatedFromBid':
        return {
          ...touched,
          id: e.data.id,
          fields: e.data.values,
          created_at: meta.at,
          lines: { ...state.lines, job_items: Object.fromEntries(e.data.items.map((i) => [i.id, stampVersion(i, meta)])) },
        };
      case 'JobRevised':
        return { ...touched, fields: applyChanges(state.fields, e.data.changes) };
      case 'JobDeleted':
        return { ...touched, deleted: true };
      default:
        return { ...touched, lines: evolveLines(state.lines, event, meta) };
    }
  },
};
