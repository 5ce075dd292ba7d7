/** Bid events, past tense; the type string is the event's name in the store. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { BidFields } from './commands.ts';

export type BidCreated = DomainEvent<'BidCreated', { id: string; values: BidFields }>;
export type BidRevised = DomainEvent<'BidRevised', { changes: Changes }>;
export type BidDeleted = DomainEvent<'BidDeleted', Record<string, never>>;
export type BidAwarded = DomainEvent<'BidAwarded', { changes: Changes }>;

export type BidOwnEvent = BidCreated | BidRevised | BidDeleted | BidAwarded;
export type BidEvent = BidOwnEvent | LineEvent;
