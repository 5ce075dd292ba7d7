import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DO_ROUTINE_FIELD_NAMES } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { forSave } from '../logic';
import { doRoutineKey, url, type DoRoutine, type WriteAnswer } from './types';

export interface SaveDoRoutineInput {
  id: string;
  doRoutine: Record<string, unknown>;
  version?: number;
}

/** PUT the do-routine's own fields, less created_date and last_updated (spec 1 section 5). */
export const saveDoRoutine = ({ id, doRoutine, version }: SaveDoRoutineInput) =>
  http.put<WriteAnswer<DoRoutine>>(url.doRoutine(id), forSave(doRoutine, DO_ROUTINE_FIELD_NAMES), { ifMatch: version });

export function useSaveDoRoutine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveDoRoutine,
    onSuccess: (answer) => {
      const { position: _p, ...row } = answer;
      applyRowEvent(qc, { list: 'do_routines', op: 'upsert', id: answer.id, row });
      qc.setQueryData(doRoutineKey(answer.id), answer);
    },
  });
}
