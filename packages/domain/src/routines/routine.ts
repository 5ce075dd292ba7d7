/** The routine aggregate: a reusable checklist, its sets and their tasks. */
import { applyChanges, diff, hasChanges } from '../shared/changes.ts';
import { decideLine, evolveLines, isLineCommand, linesOf, parseLineValues, collection, type LineCommand, type LineEvent, type LinesState } from '../shared/collections.ts';
import { type CommandMeta, type Decider, DomainError, assertNever } from '../shared/decider.ts';
import { type RoutineCommand, type RoutineFields, routineFields } from './commands.ts';
import type { RoutineEvent, RoutineOwnEvent } from './events.ts';
import { tasksOfSet } from './rules.ts';
import './collections.ts';

export interface RoutineState {
  id: string | null;
  deleted: boolean;
  fields: RoutineFields;
  created_at: string | null;
  last_updated: string | null;
  lines: LinesState;
}

export const initialRoutineState: RoutineState = { id: null, deleted: false, fields: {}, created_at: null, last_updated: null, lines: {} };

function requireRoutine(state: RoutineState) {
  if (!state.id || state.deleted) throw new DomainError('not_found', 'Routine not found');
}

/**
 * A line that must sit in a set of its record (a task in a routine set, a do-task in a do-set): the
 * set is required when the line is added and must be one of the record's own sets whenever it is
 * given. Shared by both aggregates.
 */
export function requireOwnSet(command: LineCommand, lines: LinesState, taskCollection: string, setCollection: string, noun: string) {
  if (command.type === 'RemoveLine' || command.collection !== taskCollection) return;
  if (command.type === 'ReviseLine' && !lines[taskCollection]?.[command.lineId]) return; // decideLine answers not_found
  const values = parseLineValues(collection(taskCollection), command.values, true);
  if (values.set === undefined) {
    if (command.type === 'AddLine') throw new DomainError('invalid', `A ${noun} needs its set`, { set: 'is required' });
    return;
  }
  if (!lines[setCollection]?.[String(values.set)]) throw new DomainError('invalid', `Set ${String(values.set)} is not a set of this record`, { set: 'must be a set of this record' });
}

/** Removing a set removes its tasks first: one decision, several events. */
export function removeSetWithTasks(
  command: LineCommand,
  lines: LinesState,
  parentId: string,
  meta: CommandMeta,
  aggregate: string,
  setCollection: string,
  taskCollection: string,
): LineEvent[] | null {
  if (command.type !== 'RemoveLine' || command.collection !== setCollection) return null;
  if (!lines[setCollection]?.[command.lineId]) return null; // decideLine answers not_found
  const tasks = tasksOfSet(linesOf(lines, taskCollection), command.lineId);
  return [
    ...tasks.flatMap((t) => decideLine({ type: 'RemoveLine', collection: taskCollection, lineId: t.id }, lines, parentId, meta, aggregate)),
    ...decideLine(command, lines, parentId, meta, aggregate),
  ];
}

export const routineDecider: Decider<RoutineState, RoutineCommand, RoutineEvent> = {
  aggregate: 'routine',
  initialState: initialRoutineState,

  decide(command, state, meta) {
    if (isLineCommand(command)) {
      requireRoutine(state);
      requireOwnSet(command, state.lines, 'routine_tasks', 'routine_sets', 'task');
      return (
        removeSetWithTasks(command, state.lines, state.id!, meta, 'routine', 'routine_sets', 'routine_tasks') ??
        decideLine(command, state.lines, state.id!, meta, 'routine')
      );
    }
    switch (command.type) {
      case 'CreateRoutine': {
        if (state.id) throw new DomainError('already_exists', 'Routine already exists');
        return [{ type: 'RoutineCreated', data: { id: command.routineId, values: routineFields.parse(routineValuesSet(command.values)) } }];
      }
      case 'ReviseRoutine': {
        requireRoutine(state);
        const changes = diff(state.fields, command.values);
        return hasChanges(changes) ? [{ type: 'RoutineRevised', data: { changes } }] : [];
      }
      case 'DeleteRoutine':
        requireRoutine(state);
        return [{ type: 'RoutineDeleted', data: {} }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    const e = event as RoutineOwnEvent; // line events fall to default
    switch (e.type) {
      case 'RoutineCreated':
        return { ...touched, id: e.data.id, fields: e.data.values, created_at: meta.at };
      case 'RoutineRevised':
        return { ...touched, fields: applyChanges(state.fields, e.data.changes) };
      case 'RoutineDeleted':
        return { ...touched, deleted: true };
      default:
        return { ...touched, lines: evolveLines(state.lines, event, meta) };
    }
  },
};

export function routineValuesSet<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}
