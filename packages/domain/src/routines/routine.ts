/** The routine aggregate: a reusable checklist, its sets and their tasks. */
import { type Decider } from '../shared/decider.ts';
import { givenValues, newRecordState, recordDecider, recordNames, type RecordState } from '../shared/record-decider.ts';
import { type RoutineCommand, type RoutineFields, routineFields } from './commands.ts';
import type { RoutineEvent } from './events.ts';
import { routineCollections } from './collections.ts';

export type RoutineState = RecordState<RoutineFields>;

export const initialRoutineState: RoutineState = newRecordState();

/** Sets and tasks need no rules here: a task's set and a set's removal are the collections' (`parentLine`). */
export const routineDecider: Decider<RoutineState, RoutineCommand, RoutineEvent> = recordDecider<RoutineState, RoutineCommand, RoutineEvent>({
  aggregate: 'routine',
  label: 'Routine',
  collections: routineCollections,
  ...recordNames('Routine'),
  created: (values) => routineFields.parse(givenValues(values)),
});
