/** Events of the account's notification rules (past tense). */
import type { DomainEvent } from '../shared/decider.ts';
import type { Changes } from '../shared/changes.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { NotificationRulesFields } from './commands.ts';

export type NotificationRulesOpened = DomainEvent<'NotificationRulesOpened', { id: string; values: NotificationRulesFields }>;
export type NotificationRulesRevised = DomainEvent<'NotificationRulesRevised', { changes: Changes }>;
export type NotificationRulesEvent = NotificationRulesOpened | NotificationRulesRevised | DomainEvent<'NotificationRulesDeleted', Record<string, never>> | LineEvent;
