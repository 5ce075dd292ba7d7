/** Routine and do-routine events, past tense; the type string is the event's name in the store. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { DoRoutineFields, RoutineFields } from './commands.ts';

export type RoutineCreated = DomainEvent<'RoutineCreated', { id: string; values: RoutineFields }>;
export type RoutineRevised = DomainEvent<'RoutineRevised', { changes: Changes }>;
export type RoutineDeleted = DomainEvent<'RoutineDeleted', Record<string, never>>;

export type RoutineOwnEvent = RoutineCreated | RoutineRevised | RoutineDeleted;
/** Its lines' events: RoutineSetAdded / Revised / Removed, RoutineTaskAdded / Revised / Removed. */
export type RoutineEvent = RoutineOwnEvent | LineEvent;

export type DoRoutineCreated = DomainEvent<'DoRoutineCreated', { id: string; values: DoRoutineFields }>;
/**
 * A routine copied into a new do-routine. The copied sets and tasks follow in the same append as
 * DoSetAdded and DoTaskAdded events (one decision, one commit), so every line has its own history.
 */
export type DoRoutineAssigned = DomainEvent<'DoRoutineAssigned', { id: string; routine: string; values: DoRoutineFields; sets: number; tasks: number }>;
export type DoRoutineRevised = DomainEvent<'DoRoutineRevised', { changes: Changes }>;
export type DoRoutineDeleted = DomainEvent<'DoRoutineDeleted', Record<string, never>>;
/** A do-task ticked done: done, done_by (the user's name) and done_at (the command's time), old and new. */
export type DoTaskDone = DomainEvent<'DoTaskDone', { id: string; changes: Changes }>;
/** A done do-task opened again: done false, done_by and done_at cleared. */
export type DoTaskReopened = DomainEvent<'DoTaskReopened', { id: string; changes: Changes }>;

export type DoRoutineOwnEvent = DoRoutineCreated | DoRoutineAssigned | DoRoutineRevised | DoRoutineDeleted;
/** Its lines' events: DoSetAdded / Revised / Removed, DoTaskAdded / Revised / Removed, DoTaskDone, DoTaskReopened. */
export type DoRoutineEvent = DoRoutineOwnEvent | DoTaskDone | DoTaskReopened | LineEvent;

export const DO_TASK_DONE = 'DoTaskDone';
export const DO_TASK_REOPENED = 'DoTaskReopened';
