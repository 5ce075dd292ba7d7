import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { rowOf, type ProjectDetail, type WriteAnswer } from './types';

/** A new project (status New, colour None unless given): POST the New dialog's fields (the spec's client posts an empty body). */
export const createProject = (values: Record<string, unknown> = {}) => http.post<WriteAnswer<ProjectDetail>>('/api/projects/', values);

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => createProject(values),
    onSuccess: (p) => applyRowEvent(qc, { list: 'projects', op: 'upsert', id: p.id, row: rowOf(p) }),
  });
}
