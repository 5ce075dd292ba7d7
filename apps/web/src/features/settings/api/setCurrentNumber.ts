import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { countersKey } from './listCounters';
import type { Counter, WriteAnswer } from './types';

export interface SetNumberInput {
  counter: Pick<Counter, 'id' | 'path'>;
  number: number;
  /** The counter's version the user saw: a number someone handed out or set since is a 409 naming it. */
  version?: number;
}

/** Set the current number (the next one handed out is number + 1); never below highest_issued. */
export const setCurrentNumber = ({ counter, number, version }: SetNumberInput) =>
  http.put<WriteAnswer<Counter>>(`/api/settings/current_number/${counter.path}/${encodeURIComponent(counter.id)}/`, { number }, { ifMatch: version ?? null });

export function useSetCurrentNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCurrentNumber,
    onSuccess: (answer) => {
      if (answer?.id) qc.setQueryData<Counter[]>(countersKey, (list) => list?.map((c) => (c.id === answer.id ? { ...c, ...answer } : c)));
      return qc.invalidateQueries({ queryKey: countersKey });
    },
  });
}
