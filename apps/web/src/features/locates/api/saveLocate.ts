import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey, locateKey, locateUrl, type LocateDetail, type LocateValues } from './locateTypes';

export interface SaveLocateInput {
  id: string;
  values: Partial<LocateValues>;
  /** The version the user loaded: a field someone else changed since too is a 409, never overwritten. */
  version?: number;
}

/** PUT some fields of the locate (or its assignment); with `version`, If-Match makes a stale save merge by field. */
export const saveLocate = ({ id, values, version }: SaveLocateInput) => http.put<LocateDetail>(locateUrl(id), values, { ifMatch: version ?? null });

export function useSaveLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveLocate,
    onSuccess: (_answer, input) => Promise.all([qc.invalidateQueries({ queryKey: locateKey(input.id) }), qc.invalidateQueries({ queryKey: jobLocatesKey })]),
  });
}
