import type { RouteObject } from 'react-router-dom';
import { ExpiringPage } from './components/ExpiringPage';
import { LocateListPage } from './components/LocateListPage';

/** The locate list and the expiry watch; the detail is /locate/{id}. */
export const locateRoutes: RouteObject[] = [
  { path: '/locate/', element: <LocateListPage /> },
  { path: '/locate/expiring/', element: <ExpiringPage /> },
  // LEAD (merge with loc-webdetail): add { path: '/locate/:id', element: <LocateDetailPage /> } from './components/detail/LocateDetailPage'.
];
