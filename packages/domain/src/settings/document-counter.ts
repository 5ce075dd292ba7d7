/**
 * One document counter of an account (invoice, ticket, order, job, work order, RFQ). Numbers are
 * handed out one at a time, in order; the API serialises the writers of one counter, so two users
 * creating jobs at the same moment get different numbers and none is skipped, except a number a
 * record holds already (a job number typed by hand), which is passed by.
 */
import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type { DocumentCounterCommand } from './commands.ts';
import type { DocumentCounterEvent } from './events.ts';
import { checkCurrentNumber, nextNumber, type DocumentKind } from './rules.ts';

export interface DocumentCounterState {
  id: string | null;
  deleted: boolean;
  kind: DocumentKind | null;
  /** The last number handed out or set: the next one is this plus one. */
  number: number;
  /** The highest number ever handed out: the counter may never be set below it. */
  highest_issued: number;
  /** Someone set the counter by hand (Settings, Numbering): a new account's numbering step is done. */
  set_by_hand?: boolean;
  last_updated: string | null;
}

export const initialDocumentCounterState: DocumentCounterState = { id: null, deleted: false, kind: null, number: 0, highest_issued: 0, last_updated: null };

export const documentCounterDecider: Decider<DocumentCounterState, DocumentCounterCommand, DocumentCounterEvent> = {
  aggregate: 'document_counter',
  initialState: initialDocumentCounterState,
  decide(command, state) {
    if (command.type !== 'OpenRecord' && !state.id) throw new DomainError('not_found', 'Counter not found');
    switch (command.type) {
      case 'OpenRecord':
        return state.id ? [] : [{ type: 'DocumentCounterOpened', data: { id: command.id, kind: command.key } }];
      case 'IssueNumber': {
        // A number a record holds already (a job number typed by hand) is passed by, never handed out twice.
        const held = new Set(command.held ?? []);
        const skipped: number[] = [];
        let number = nextNumber(state.number);
        while (held.has(number)) {
          skipped.push(number);
          number = nextNumber(number);
        }
        return [{ type: 'DocumentNumberIssued', data: { kind: state.kind!, number, ...(skipped.length ? { skipped } : {}) } }];
      }
      case 'SetCurrentNumber': {
        const number = checkCurrentNumber(command.number, state.highest_issued);
        if (number === state.number) return [];
        return [{ type: 'CurrentNumberSet', data: { kind: state.kind!, number, previous: state.number } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    switch (event.type) {
      case 'DocumentCounterOpened':
        return { ...touched, id: event.data.id, kind: event.data.kind };
      case 'DocumentNumberIssued':
        return { ...touched, number: event.data.number, highest_issued: Math.max(state.highest_issued, event.data.number) };
      case 'CurrentNumberSet':
        return { ...touched, number: event.data.number, set_by_hand: true };
      default:
        return state;
    }
  },
};
