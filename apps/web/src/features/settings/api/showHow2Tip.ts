import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { how2sKey } from './how2Tips';
import type { How2Tip } from './types';

export interface ShowTipInput {
  id: number;
  shown: boolean;
}

/** Hide a tip for the signed-in user (opt out), or show it again. */
export const showHow2Tip = ({ id, shown }: ShowTipInput) => {
  const url = `/api/settings/how2s/sections/${id}/opt_out/`;
  return shown ? http.del<unknown>(url) : http.post<unknown>(url);
};

export function useShowHow2Tip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: showHow2Tip,
    // The switch moves at once; a refusal puts it back.
    onMutate: async ({ id, shown }) => {
      await qc.cancelQueries({ queryKey: how2sKey });
      const before = qc.getQueryData<How2Tip[]>(how2sKey);
      qc.setQueryData<How2Tip[]>(how2sKey, (tips) => tips?.map((t) => (t.id === id ? { ...t, opted_out: !shown } : t)));
      return { before };
    },
    onError: (_e, _v, context) => qc.setQueryData(how2sKey, context?.before),
    onSettled: () => qc.invalidateQueries({ queryKey: how2sKey }),
  });
}
