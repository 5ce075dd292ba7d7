import type { RouteObject } from 'react-router-dom';
import { ExpiringPage } from './components/ExpiringPage';
import { LocateListPage } from './components/LocateListPage';
import { LocateDetailPage } from './components/detail/LocateDetailPage';

/** The locate list, the expiry watch and one locate (/locate/{id}). */
export const locateRoutes: RouteObject[] = [
  { path: '/locate/', element: <LocateListPage /> },
  { path: '/locate/expiring/', element: <ExpiringPage /> },
  { path: '/locate/:id', element: <LocateDetailPage /> },
];
