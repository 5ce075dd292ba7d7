import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { rowOf, type ProjectDetail, type WriteAnswer } from './types';

/** A new project (status New, colour None): POST with an empty body. */
export const createProject = () => http.post<WriteAnswer<ProjectDetail>>('/api/projects/', {});

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (p) => applyRowEvent(qc, { list: 'projects', op: 'upsert', id: p.id, row: rowOf(p) }),
  });
}
