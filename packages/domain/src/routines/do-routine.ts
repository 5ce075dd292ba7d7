/** The do-routine aggregate: one run of a checklist, copied from a routine or built by hand. */
import { applyChanges, diff, hasChanges, type Changes } from '../shared/changes.ts';
import { decideLine, evolveLines, isLineCommand, linesOf, eventTypes, type LinesState, type Line } from '../shared/collections.ts';
import { type CommandMeta, type Decider, DomainError, assertNever } from '../shared/decider.ts';
import { type DoRoutineCommand, type DoRoutineFields, doRoutineFields, ROUTINE_FIELD_NAMES } from './commands.ts';
import { DO_TASK_DONE, DO_TASK_REOPENED, type DoRoutineEvent, type DoRoutineOwnEvent, type DoTaskDone, type DoTaskReopened } from './events.ts';
import { copyRoutine } from './rules.ts';
import { routineValuesSet, removeSetWithTasks, requireOwnSet } from './routine.ts';
import { doSets, doTasks } from './collections.ts';

export interface DoRoutineState {
  id: string | null;
  deleted: boolean;
  /** The routine it was copied from (null when made by hand). */
  routine: string | null;
  fields: DoRoutineFields;
  created_at: string | null;
  last_updated: string | null;
  lines: LinesState;
}

export const initialDoRoutineState: DoRoutineState = { id: null, deleted: false, routine: null, fields: {}, created_at: null, last_updated: null, lines: {} };

function requireDoRoutine(state: DoRoutineState) {
  if (!state.id || state.deleted) throw new DomainError('not_found', 'Do-routine not found');
}

/**
 * Tick a do-task done or open it again. Done records who (the acting user's name) and when (the
 * command's time); ticking a done task again, or reopening an open one, changes nothing.
 */
export function tickDoTask(lines: LinesState, lineId: string, done: boolean, meta: CommandMeta): (DoTaskDone | DoTaskReopened)[] {
  const task = lines[doTasks.name]?.[lineId];
  if (!task) throw new DomainError('not_found', 'do-task not found');
  if (Boolean(task.done) === done) return [];
  const next = done ? { done: true, done_by: meta.userName, done_at: meta.at } : { done: false, done_by: null, done_at: null };
  const changes: Changes = diff(task, next);
  return [done ? { type: DO_TASK_DONE, data: { id: lineId, changes } } : { type: DO_TASK_REOPENED, data: { id: lineId, changes } }] as (DoTaskDone | DoTaskReopened)[];
}

export const doRoutineDecider: Decider<DoRoutineState, DoRoutineCommand, DoRoutineEvent> = {
  aggregate: 'do_routine',
  initialState: initialDoRoutineState,

  decide(command, state, meta) {
    if (isLineCommand(command)) {
      requireDoRoutine(state);
      requireOwnSet(command, state.lines, doTasks.name, doSets.name, 'do-task');
      const removed = removeSetWithTasks(command, state.lines, state.id!, meta, 'do_routine', doSets.name, doTasks.name);
      if (removed) return removed;
      if (command.collection !== doTasks.name || command.type === 'RemoveLine' || command.values.done === undefined) return decideLine(command, state.lines, state.id!, meta, 'do_routine');
      // `done` sent with a do-task (PUT {done: true}) is the tick rule, never a plain field edit.
      const { done, ...rest } = command.values;
      if (typeof done !== 'boolean') throw new DomainError('invalid', 'done must be true or false', { done: 'must be true or false' });
      const lineEvents = decideLine({ ...command, values: rest }, state.lines, state.id!, meta, 'do_routine');
      let lines = state.lines;
      for (const e of lineEvents) lines = evolveLines(lines, e, meta);
      if (command.type === 'AddLine' && !done) return lineEvents;
      return [...lineEvents, ...tickDoTask(lines, command.lineId, done, meta)];
    }
    switch (command.type) {
      case 'CreateDoRoutine': {
        if (state.id) throw new DomainError('already_exists', 'Do-routine already exists');
        return [{ type: 'DoRoutineCreated', data: { id: command.doRoutineId, values: doRoutineFields.parse(routineValuesSet(command.values)) } }];
      }
      case 'AssignRoutine': {
        if (state.id) throw new DomainError('already_exists', 'Do-routine already exists');
        const routine = command.routine;
        if (!routine.id || routine.deleted) throw new DomainError('not_found', 'Routine not found');
        const copy = copyRoutine({
          doRoutineId: command.doRoutineId,
          sets: linesOf(routine.lines, 'routine_sets'),
          tasks: linesOf(routine.lines, 'routine_tasks'),
          setIds: command.setIds,
          taskIds: command.taskIds,
          at: meta.at,
        });
        const fromRoutine = Object.fromEntries(ROUTINE_FIELD_NAMES.map((k) => [k, routine.fields[k]]));
        const values = doRoutineFields.parse(routineValuesSet({ ...fromRoutine, ...routineValuesSet(command.values) }));
        const added = (entity: typeof doSets, line: Line) => ({ type: eventTypes(entity).added, data: { id: line.id, line } });
        return [
          { type: 'DoRoutineAssigned', data: { id: command.doRoutineId, routine: routine.id, values, sets: copy.sets.length, tasks: copy.tasks.length } },
          ...copy.sets.map((l) => added(doSets, l)),
          ...copy.tasks.map((l) => added(doTasks, l)),
        ] as DoRoutineEvent[];
      }
      case 'ReviseDoRoutine': {
        requireDoRoutine(state);
        const changes = diff(state.fields, command.values);
        return hasChanges(changes) ? [{ type: 'DoRoutineRevised', data: { changes } }] : [];
      }
      case 'DeleteDoRoutine':
        requireDoRoutine(state);
        return [{ type: 'DoRoutineDeleted', data: {} }];
      case 'TickDoTask':
        requireDoRoutine(state);
        return tickDoTask(state.lines, command.lineId, command.done, meta);
      default:
        return assertNever(command);
    }
  },

  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    const e = event as DoRoutineOwnEvent; // line events (DoTaskDone and DoTaskReopened too) fall to default
    switch (e.type) {
      case 'DoRoutineCreated':
        return { ...touched, id: e.data.id, fields: e.data.values, created_at: meta.at };
      case 'DoRoutineAssigned':
        return { ...touched, id: e.data.id, routine: e.data.routine, fields: e.data.values, created_at: meta.at };
      case 'DoRoutineRevised':
        return { ...touched, fields: applyChanges(state.fields, e.data.changes) };
      case 'DoRoutineDeleted':
        return { ...touched, deleted: true };
      default:
        return { ...touched, lines: evolveLines(state.lines, event, meta) };
    }
  },
};
