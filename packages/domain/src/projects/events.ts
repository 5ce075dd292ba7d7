/** Project events, past tense; the type string is the event's name in the store. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { ProjectFields } from './commands.ts';

export type ProjectCreated = DomainEvent<'ProjectCreated', { id: string; values: ProjectFields }>;
export type ProjectRevised = DomainEvent<'ProjectRevised', { changes: Changes }>;
export type ProjectDeleted = DomainEvent<'ProjectDeleted', Record<string, never>>;

export type ProjectOwnEvent = ProjectCreated | ProjectRevised | ProjectDeleted;
export type ProjectEvent = ProjectOwnEvent | LineEvent;
