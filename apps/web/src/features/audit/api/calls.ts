import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type QueuedReport } from '../../../components/record/BulkToasts';
import type { ListFilter } from '../../../components/table/pagedList';
import { AUDIT_AREAS_PATH, AUDIT_EXPORT_PATH, AUDIT_VERIFY_PATH, type AuditAreas, type VerifyAnswer } from './types';

/** The area names and event types of the filter menus (they change only with a release). */
export const auditAreasQuery = () => queryOptions({ queryKey: ['audit', 'areas'], queryFn: ({ signal }) => http.get<AuditAreas>(AUDIT_AREAS_PATH, { signal }), staleTime: 10 * 60_000 });
export const useAuditAreas = () => useQuery(auditAreasQuery());

/** Walk the hash chain and the anchors (it reads every event: asked by the button, never on opening). */
export const verifyHistory = () => http.get<VerifyAnswer>(AUDIT_VERIFY_PATH);

/**
 * The filtered trail as a file made by the worker: a report record (202 {id, state, url, file}),
 * followed by the shell's toast to its Download button and listed at /report/.
 */
export const exportTrail = (format: 'xlsx' | 'csv', filter: ListFilter) => http.post<QueuedReport>(AUDIT_EXPORT_PATH, { ...filter, format });
