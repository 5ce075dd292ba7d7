import type { RouteObject } from 'react-router-dom';
import { AuditPage } from './components/AuditPage';

/** The account's audit trail (its filters in the URL). */
export const auditRoutes: RouteObject[] = [{ path: '/audit/', element: <AuditPage /> }];
