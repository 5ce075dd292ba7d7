/** Job events. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { Line, LineEvent } from '../shared/collections.ts';
import type { JobFields } from './commands.ts';

export type JobCreated = DomainEvent<'JobCreated', { id: string; values: JobFields }>;
export type JobCreatedFromBid = DomainEvent<'JobCreatedFromBid', { id: string; bid_ref: string; values: JobFields; items: Line[] }>;
export type JobRevised = DomainEvent<'JobRevised', { changes: Changes }>;
export type JobDeleted = DomainEvent<'JobDeleted', Record<string, never>>;

export type JobOwnEvent = JobCreated | JobCreatedFromBid | JobRevised | JobDeleted;
export type JobEvent = JobOwnEvent | LineEvent;
