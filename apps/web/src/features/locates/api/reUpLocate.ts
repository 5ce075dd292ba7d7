import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReUpFields } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { jobLocatesKey, locateKey, locateUrl, type LocateDetail } from './locateTypes';

/** A re-up's values as sent: a blank date is left out, so the server fills it by the account's rules. */
export type ReUpValues = { [K in keyof ReUpFields]?: string | null };

/** POST /api/locates/{id}/reup/: the new ticket into the history and the current fields. Answers the locate (201). */
export const reUpLocate = ({ id, values }: { id: string; values: ReUpValues }) => http.post<LocateDetail>(`${locateUrl(id)}reup/`, values);

export function useReUpLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reUpLocate,
    onSuccess: (answer, { id }) => {
      qc.setQueryData(locateKey(id), answer);
      return Promise.all([qc.invalidateQueries({ queryKey: locateKey(id) }), qc.invalidateQueries({ queryKey: jobLocatesKey })]);
    },
  });
}
