/**
 * A record's sets and tasks are lines of the registry's collections (routineSets, doTasks ...): the
 * generic line requests add, save and delete them at the collections' paths; only where they sit in
 * the record's cached detail (nested: sets, each with its tasks) is the routines' own.
 */
import { useAddPendingLine } from '../../../components/lines/api/addPendingLine';
import { useDeleteLine } from '../../../components/lines/api/deleteLine';
import type { LinePlace } from '../../../components/lines/api/place';
import { useSaveLine } from '../../../components/lines/api/saveLine';
import type { RoutineKind } from '../kinds';
import { addSet, addTask, removeSet, removeTask, replaceSet, replaceTask, type Shape } from '../logic';

/** The record's sets; a set's tasks stay when the set is replaced. */
export const setsPlace = (shape: Shape): LinePlace => ({
  add: (d, line) => addSet(d, shape, line),
  replace: (d, id, line) => replaceSet(d, shape, id, line),
  remove: (d, id) => removeSet(d, shape, id),
});

/** The tasks, each under the set its `set` field names. */
export const tasksPlace = (shape: Shape): LinePlace => ({
  add: (d, line) => addTask(d, shape, String(line.set), line),
  replace: (d, id, line) => replaceTask(d, shape, id, line),
  remove: (d, id) => removeTask(d, shape, id),
});

/** Every set and task write of one record; a new line shows at once and the server's takes its place. */
export function useSetsAndTasks<T extends { id: string }>(kind: RoutineKind<T>, id: string) {
  const key = kind.key(id);
  const sets = setsPlace(kind.shape);
  const tasks = tasksPlace(kind.shape);
  return {
    addSet: useAddPendingLine(kind.setDef, id, key, sets),
    saveSet: useSaveLine(kind.setDef, key, sets),
    deleteSet: useDeleteLine(kind.setDef, key, sets),
    // Added as the spec sends it, {routine, set}, a do-task too (routine: the do-routine); mutate({ set }).
    addTask: useAddPendingLine(kind.taskDef, id, key, tasks, { routine: id }),
    saveTask: useSaveLine(kind.taskDef, key, tasks),
    deleteTask: useDeleteLine(kind.taskDef, key, tasks),
  };
}
