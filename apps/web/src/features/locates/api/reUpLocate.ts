import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReUpFields } from '@trenchline/domain';
import { http, isApiError } from '../../../lib/http';
import { jobLocatesKey, locateKey, locateUrl, type LocateDetail } from './locateTypes';

/** A re-up's values as sent: a blank date is left out, so the server fills it by the account's rules. */
export type ReUpValues = { [K in keyof ReUpFields]?: string | null };

/**
 * POST /api/locates/{id}/reup/: the new ticket into the history and the current fields. Answers the
 * locate (201). `version` (If-Match) is the locate's as the user opened the re-up: re-upped since, it is
 * a 409 'This locate was re-upped meanwhile (...)' and nothing is written.
 */
export const reUpLocate = ({ id, values, version }: { id: string; values: ReUpValues; version?: number | null }) =>
  http.post<LocateDetail>(`${locateUrl(id)}reup/`, values, { ifMatch: version ?? null });

export function useReUpLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reUpLocate,
    onSuccess: (answer, { id }) => {
      qc.setQueryData(locateKey(id), answer);
      return Promise.all([qc.invalidateQueries({ queryKey: locateKey(id) }), qc.invalidateQueries({ queryKey: jobLocatesKey })]);
    },
    // Re-upped meanwhile: the page shows the newer ticket at once (its live room would too, a moment later).
    onError: (e, { id }) => (isApiError(e) && e.isConflict ? qc.invalidateQueries({ queryKey: locateKey(id) }) : undefined),
  });
}
