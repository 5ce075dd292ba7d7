import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { projectKey, projectUrl } from './types';

export const deleteProject = (id: string) => http.del<{ id: string; deleted: boolean }>(projectUrl(id));

export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_a, id) => {
      applyRowEvent(qc, { list: 'projects', op: 'remove', id });
      qc.removeQueries({ queryKey: projectKey(id) });
    },
  });
}
