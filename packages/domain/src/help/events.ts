/** Help ticket events, past tense. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { HelpTicketFields } from './commands.ts';

export type HelpTicketRaised = DomainEvent<'HelpTicketRaised', { id: string; values: HelpTicketFields & { submitted_by?: string | null; submitted_by_name?: string | null } }>;
export type HelpTicketRevised = DomainEvent<'HelpTicketRevised', { changes: Changes }>;
export type HelpTicketDeleted = DomainEvent<'HelpTicketDeleted', Record<string, never>>;
export type HelpTicketEvent = HelpTicketRaised | HelpTicketRevised | HelpTicketDeleted | LineEvent;
