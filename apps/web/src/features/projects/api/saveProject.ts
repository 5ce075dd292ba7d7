import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyRowEvent } from '../../../lib/realtime';
import { projectKey, projectUrl, rowOf, type ProjectDetail, type ProjectValues, type WriteAnswer } from './types';

export interface SaveProjectInput {
  id: string;
  values: Partial<ProjectValues>;
  /** The version the user loaded: a later change by someone else is a 409, never overwritten. */
  version?: number;
}

/** PUT the whole project or some fields; with `version`, If-Match makes a stale save a 409. */
export const saveProject = ({ id, values, version }: SaveProjectInput) =>
  http.put<WriteAnswer<ProjectDetail>>(projectUrl(id), values, { ifMatch: version ?? null });

export function useSaveProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: (answer, input) => {
      // The lists show the saved row at once; the live event that follows changes nothing.
      if (answer?.id) applyRowEvent(qc, { list: 'projects', op: 'upsert', id: answer.id, row: rowOf(answer) });
      return qc.invalidateQueries({ queryKey: projectKey(input.id) });
    },
  });
}
