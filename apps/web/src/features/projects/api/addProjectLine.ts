import type { CollectionDef } from '@trenchline/domain';
import { http } from '../../../lib/http';
import type { LineAnswer } from '../../../components/lines/api/types';
import { linesUrl } from '../../../components/lines/api/urls';
import { useAddPendingLine } from '../../../components/lines/api/addPendingLine';
import { projectKey } from './types';

export { PENDING_PREFIX, isPending } from '../../../components/lines/api/addPendingLine';

export type LineSegment = 'customers' | 'locations' | 'contacts' | 'notes' | 'files';

/** POST a blank line with { project: id } (spec 1 section 7). */
export const addProjectLine = (def: CollectionDef, projectId: string) => http.post<LineAnswer>(linesUrl(def, projectId), { project: projectId });

/**
 * Spec 1: creating a location or contact first adds a blank row to the list and then replaces it
 * with the record the server created (the shared pending-line hook, body { project: id }).
 */
export const useAddProjectLine = (def: CollectionDef, projectId: string, segment: LineSegment) =>
  useAddPendingLine(def, projectId, projectKey(projectId), segment, { project: projectId });
