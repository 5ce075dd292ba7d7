/** Job events. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { Line, LineEvent } from '../shared/collections.ts';
import type { JobFields } from './commands.ts';
import type { TicketCountEvent } from './ticket-production.ts';

export type JobCreated = DomainEvent<'JobCreated', { id: string; values: JobFields }>;
export type JobCreatedFromBid = DomainEvent<'JobCreatedFromBid', { id: string; bid_ref: string; values: JobFields; items: Line[] }>;
export type JobRevised = DomainEvent<'JobRevised', { changes: Changes }>;
export type JobDeleted = DomainEvent<'JobDeleted', Record<string, never>>;

/**
 * A permit was saved with an expiration date (spec 2 section 4): `changes` is what the earliest-expiry
 * rule did to the job's permit_expiration_date (none when the job's date was earlier already); a
 * task's date moves by a JobTaskRevised of the same append.
 */
export type PermitSaved = DomainEvent<'PermitSaved', { id: string; expiration_date: string; job_task: string | null; changes: Changes }>;
/** A CIBE line was zeroed: line_zeroed true and its CIBE quantity 0; `message` is the one users read. */
export type CibeLineZeroed = DomainEvent<'CibeLineZeroed', { id: string; changes: Changes; message: string }>;

export type JobOwnEvent = JobCreated | JobCreatedFromBid | JobRevised | JobDeleted | PermitSaved | CibeLineZeroed | TicketCountEvent;
export type JobEvent = JobOwnEvent | LineEvent;
