/** The do-routine aggregate: one run of a checklist, copied from a routine or built by hand. */
import { diff, type Changes } from '../shared/changes.ts';
import { evolveLines, linesOfCollection, eventTypes, type CollectionDef, type LinesState, type Line } from '../shared/collections.ts';
import { type CommandMeta, type Decider, DomainError } from '../shared/decider.ts';
import { givenValues, recordDecider, recordNames, type RecordState, requireNoRecord, requireRecord } from '../shared/record-decider.ts';
import { type DoRoutineCommand, type DoRoutineFields, doRoutineFields, ROUTINE_FIELD_NAMES } from './commands.ts';
import { DO_TASK_DONE, DO_TASK_REOPENED, type DoRoutineAssigned, type DoRoutineEvent, type DoTaskDone, type DoTaskReopened } from './events.ts';
import { copyRoutine } from './rules.ts';
import { doRoutineCollections, doSets, doTasks, routineSets, routineTasks } from './collections.ts';

export interface DoRoutineState extends RecordState<DoRoutineFields> {
  /** The routine it was copied from (null when made by hand). */
  routine: string | null;
}

export const initialDoRoutineState: DoRoutineState = { id: null, deleted: false, routine: null, fields: {}, created_at: null, last_updated: null, lines: {} };

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

const added = (def: CollectionDef, line: Line) => ({ type: eventTypes(def).added, data: { id: line.id, line } });

export const doRoutineDecider: Decider<DoRoutineState, DoRoutineCommand, DoRoutineEvent> = recordDecider<DoRoutineState, DoRoutineCommand, DoRoutineEvent>({
  aggregate: 'do_routine',
  label: 'Do-routine',
  collections: doRoutineCollections,
  ...recordNames('DoRoutine'),
  initialState: initialDoRoutineState,
  created: (values) => doRoutineFields.parse(givenValues(values)),

  lines(command, state, meta, plain) {
    if (command.collection !== doTasks.name || command.type === 'RemoveLine' || command.values.done === undefined) return plain(command);
    // `done` sent with a do-task (PUT {done: true}) is the tick rule, never a plain field edit.
    const { done, ...rest } = command.values;
    if (typeof done !== 'boolean') throw new DomainError('invalid', 'done must be true or false', { done: 'must be true or false' });
    const lineEvents = plain({ ...command, values: rest });
    let lines = state.lines;
    for (const e of lineEvents) lines = evolveLines(lines, e, meta, doRoutineCollections);
    if (command.type === 'AddLine' && !done) return lineEvents;
    return [...lineEvents, ...tickDoTask(lines, command.lineId, done, meta)];
  },

  decide(command, state, meta) {
    switch (command.type) {
      case 'AssignRoutine': {
        requireNoRecord(state, 'Do-routine');
        const routine = command.routine;
        if (!routine.id || routine.deleted) throw new DomainError('not_found', 'Routine not found');
        const copy = copyRoutine({
          doRoutineId: command.doRoutineId,
          sets: linesOfCollection(routine.lines, routineSets),
          tasks: linesOfCollection(routine.lines, routineTasks),
          setIds: command.setIds,
          taskIds: command.taskIds,
          at: meta.at,
        });
        const fromRoutine = Object.fromEntries(ROUTINE_FIELD_NAMES.map((k) => [k, routine.fields[k]]));
        const values = doRoutineFields.parse(givenValues({ ...fromRoutine, ...givenValues(command.values) }));
        return [
          { type: 'DoRoutineAssigned', data: { id: command.doRoutineId, routine: routine.id, values, sets: copy.sets.length, tasks: copy.tasks.length } },
          ...copy.sets.map((l) => added(doSets, l)),
          ...copy.tasks.map((l) => added(doTasks, l)),
        ] as DoRoutineEvent[];
      }
      case 'TickDoTask':
        requireRecord(state, 'Do-routine');
        return tickDoTask(state.lines, command.lineId, command.done, meta);
      default:
        throw new Error(`unhandled case: ${command.type}`);
    }
  },

  evolve(touched, event, meta) {
    if (event.type !== 'DoRoutineAssigned') return undefined; // DoTaskDone and DoTaskReopened are line events
    const { data } = event as DoRoutineAssigned;
    return { ...touched, id: data.id, routine: data.routine, fields: data.values, created_at: meta.at };
  },
});
