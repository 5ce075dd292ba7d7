/** Locate events, past tense; the type string is the event's name in the store. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { Line, LineEvent } from '../shared/collections.ts';
import type { LocateFields, LocateSettingsFields } from './commands.ts';

export type LocateCreated = DomainEvent<'LocateCreated', { id: string; values: LocateFields }>;
export type LocateRevised = DomainEvent<'LocateRevised', { changes: Changes }>;
export type LocateDeleted = DomainEvent<'LocateDeleted', Record<string, never>>;
/** A re-up: the history lines it adds (the original ticket first, when the history had none) and the current fields it moves. */
export type LocateReUpped = DomainEvent<'LocateReUpped', { numbers: Line[]; changes: Changes }>;
/** The detail was opened for the first time: the ticket type New became Normal. */
export type LocateFirstOpened = DomainEvent<'LocateFirstOpened', { changes: Changes }>;

export type LocateOwnEvent = LocateCreated | LocateRevised | LocateDeleted | LocateReUpped | LocateFirstOpened;
export type LocateEvent = LocateOwnEvent | LineEvent;

export type LocateSettingsOpened = DomainEvent<'LocateSettingsOpened', { id: string; values: LocateSettingsFields }>;
export type LocateSettingsRevised = DomainEvent<'LocateSettingsRevised', { changes: Changes }>;
export type LocateSettingsEvent = LocateSettingsOpened | LocateSettingsRevised | DomainEvent<'LocateSettingsDeleted', Record<string, never>> | LineEvent;
