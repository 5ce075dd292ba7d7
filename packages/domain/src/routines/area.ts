/** What the routines area declares (routines and do-routines); packages/domain/src/registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { routineDecider, type RoutineState } from './routine.ts';
import { doRoutineDecider, type DoRoutineState } from './do-routine.ts';
import { doRoutineCollections, routineCollections } from './collections.ts';
import { doRoutineView, routineView, withDoRoutineDays } from './view.ts';

export const routineAggregate = { name: 'routine', label: 'Routine', decider: routineDecider, view: (s) => routineView(s), listRow: sameRow, list: 'routines' } satisfies AggregateDef<RoutineState>;
export const doRoutineAggregate = { name: 'do_routine', label: 'Do-routine', decider: doRoutineDecider, view: doRoutineView, listRow: withDoRoutineDays, list: 'do_routines' } satisfies AggregateDef<DoRoutineState>;

export const routinesArea: Area = { aggregates: [routineAggregate, doRoutineAggregate], collections: [...routineCollections, ...doRoutineCollections] };
