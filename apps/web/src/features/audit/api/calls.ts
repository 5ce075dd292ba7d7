import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { BulkOperation } from '../../../components/record/useBulkOperation';
import type { ListFilter } from '../../../components/table/pagedList';
import { AUDIT_AREAS_PATH, AUDIT_EXPORT_PATH, AUDIT_VERIFY_PATH, type AuditAreas, type VerifyAnswer } from './types';

/** The area names and event types of the filter menus (they change only with a release). */
export const auditAreasQuery = () => queryOptions({ queryKey: ['audit', 'areas'], queryFn: ({ signal }) => http.get<AuditAreas>(AUDIT_AREAS_PATH, { signal }), staleTime: 10 * 60_000 });
export const useAuditAreas = () => useQuery(auditAreasQuery());

/** Walk the hash chain and the anchors (it reads every event: asked by the button, never on opening). */
export const verifyHistory = () => http.get<VerifyAnswer>(AUDIT_VERIFY_PATH);

/**
 * The filtered trail as a file made by the worker: the answer is the report's operation, followed by
 * the shell's toast to its Download button (fields it lacks read as queued).
 */
export async function exportTrail(format: 'xlsx' | 'csv', filter: ListFilter): Promise<BulkOperation> {
  const answer = await http.post<Partial<BulkOperation> & { id: string }>(AUDIT_EXPORT_PATH, { ...filter, format });
  return { action: 'report', status: 'queued', total: null, done: 0, failed: 0, label: '', file_url: null, ...answer, id: String(answer.id) } as BulkOperation;
}
