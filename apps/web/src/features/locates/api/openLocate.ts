import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { locateKey, locateUrl, type LocateDetail } from './locateTypes';

/** The detail was opened: a New ticket type becomes Normal (later opens change nothing). Answers the locate. */
export const openLocate = (id: string) => http.post<LocateDetail>(`${locateUrl(id)}opened/`, {});

export function useOpenLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: openLocate,
    onSuccess: (answer, id) => {
      // The answer is the locate as it now stands: shown at once unless the cache already holds a newer one.
      const cached = qc.getQueryData<LocateDetail>(locateKey(id));
      if (!cached || answer.version >= cached.version) qc.setQueryData(locateKey(id), answer);
      // A load that was on its way may predate the open: read it again.
      return qc.invalidateQueries({ queryKey: locateKey(id) });
    },
  });
}
