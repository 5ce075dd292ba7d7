/** Customer order events, past tense. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { OrderFields } from './commands.ts';

export type OrderCreated = DomainEvent<'OrderCreated', { id: string; values: OrderFields }>;
export type OrderRevised = DomainEvent<'OrderRevised', { changes: Changes }>;
export type OrderDeleted = DomainEvent<'OrderDeleted', Record<string, never>>;
/** Submitted: its customer and first line checked; who and when are the event's. */
export type OrderSubmitted = DomainEvent<'OrderSubmitted', { changes: Changes }>;
export type OrderEvent = OrderCreated | OrderRevised | OrderDeleted | OrderSubmitted | LineEvent;
