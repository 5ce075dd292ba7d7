/** RFQ events. */
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { RfqFields } from './commands.ts';

export type RfqCreated = DomainEvent<'RfqCreated', { id: string; values: RfqFields }>;
export type RfqRevised = DomainEvent<'RfqRevised', { changes: Record<string, { old: unknown; new: unknown }> }>;
export type RfqDeleted = DomainEvent<'RfqDeleted', Record<string, never>>;
/** The won RFQ made its job: the job's id (the job is created from the RFQ right after). */
export type RfqJobMade = DomainEvent<'RfqJobMade', { changes: { job_ref: { old: null; new: string } } }>;

export type RfqEvent = RfqCreated | RfqRevised | RfqDeleted | RfqJobMade | LineEvent;
