import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTINE_FIELD_NAMES } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { forSave } from '../logic';
import { routineKey, url, type Routine, type WriteAnswer } from './types';

export interface SaveRoutineInput {
  id: string;
  routine: Record<string, unknown>;
  /** The version the user loaded: a later change by someone else is a 409, never overwritten. */
  version?: number;
}

/** PUT the routine without its sets, created_date and last_updated (spec 1 sections 5 and 7). */
export const saveRoutine = ({ id, routine, version }: SaveRoutineInput) =>
  http.put<WriteAnswer<Routine>>(url.routine(id), forSave(routine, ROUTINE_FIELD_NAMES), { ifMatch: version });

export function useSaveRoutine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveRoutine,
    onSuccess: (answer) => {
      const { position: _p, ...row } = answer;
      applyRowEvent(qc, { list: 'routines', op: 'upsert', id: answer.id, row });
      qc.setQueryData(routineKey(answer.id), answer);
    },
  });
}
