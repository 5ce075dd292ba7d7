import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { http } from '../../../lib/http';
import type { LineAnswer } from '../../../components/lines/api/types';
import { linesUrl } from '../../../components/lines/api/urls';
import { projectKey, type ProjectDetail } from './types';

export type LineSegment = 'customers' | 'locations' | 'contacts' | 'notes' | 'files';

/** A blank line not yet answered by the server: shown at once, replaced by the server's line. */
export const PENDING_PREFIX = 'pending-';
export const isPending = (line: Line) => line.id.startsWith(PENDING_PREFIX);

/** POST a blank line with { project: id } (spec 1 section 7). */
export const addProjectLine = (def: CollectionDef, projectId: string) => http.post<LineAnswer>(linesUrl(def, projectId), { project: projectId });

const withLines = (p: ProjectDetail | undefined, segment: LineSegment, f: (lines: Line[]) => Line[]) =>
  p ? { ...p, [segment]: f(p[segment] ?? []) } : p;

/**
 * Spec 1: creating a location or contact first adds a blank row to the list and then replaces it
 * with the record the server created. The blank row goes into the project's cache before the
 * request; the answer takes its place; a failure takes it away.
 */
export function useAddProjectLine(def: CollectionDef, projectId: string, segment: LineSegment) {
  const qc = useQueryClient();
  const key = projectKey(projectId);
  return useMutation({
    mutationFn: () => addProjectLine(def, projectId),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: key, exact: true });
      const pending: Line = { id: `${PENDING_PREFIX}${Date.now()}`, project: projectId };
      qc.setQueryData<ProjectDetail>(key, (p) => withLines(p, segment, (lines) => [...lines, pending]));
      return { pendingId: pending.id };
    },
    onSuccess: (line, _v, ctx) => {
      const { version: _version, position: _position, ...saved } = line;
      qc.setQueryData<ProjectDetail>(key, (p) => withLines(p, segment, (lines) => lines.map((l) => (l.id === ctx?.pendingId ? saved : l))));
    },
    onError: (_e, _v, ctx) => {
      qc.setQueryData<ProjectDetail>(key, (p) => withLines(p, segment, (lines) => lines.filter((l) => l.id !== ctx?.pendingId)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
