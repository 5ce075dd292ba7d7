/** Ticket events: the record's own (created, revised, deleted, approved, edit requested) and its line events. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { TicketFields } from './commands.ts';

export type TicketCreated = DomainEvent<'TicketCreated', { id: string; values: TicketFields }>;
export type TicketRevised = DomainEvent<'TicketRevised', { changes: Changes }>;
export type TicketDeleted = DomainEvent<'TicketDeleted', Record<string, never>>;
/** Approved (one or in bulk): the status, approved, the approval date and who approved. */
export type TicketApproved = DomainEvent<'TicketApproved', { changes: Changes }>;
/** Un-approved: Edit Requested, no longer approved; its production leaves its job. */
export type TicketEditRequested = DomainEvent<'TicketEditRequested', { changes: Changes }>;

export type TicketEvent = TicketCreated | TicketRevised | TicketDeleted | TicketApproved | TicketEditRequested | LineEvent;
