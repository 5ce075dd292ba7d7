import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { jobLocatesKey, locateKey, locateUrl } from './locateTypes';

export const deleteLocate = (id: string) => http.del<{ id: string; deleted: boolean }>(locateUrl(id));

export function useDeleteLocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteLocate,
    onSuccess: (_a, id) => {
      qc.removeQueries({ queryKey: locateKey(id) });
      return qc.invalidateQueries({ queryKey: jobLocatesKey });
    },
  });
}
