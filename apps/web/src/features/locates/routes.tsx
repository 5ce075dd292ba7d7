import type { RouteObject } from 'react-router-dom';
import { ListAsOf } from '../../components/table/listAsOf';
import { ExpiringPage } from './components/ExpiringPage';
import { LocateListPage } from './components/LocateListPage';
import { LocateDetailPage } from './components/detail/LocateDetailPage';

/** The locate list (shown as it stood with ?as_of=), the expiry watch and one locate (/locate/{id}). */
export const locateRoutes: RouteObject[] = [
  { path: '/locate/', element: <ListAsOf><LocateListPage /></ListAsOf> },
  { path: '/locate/expiring/', element: <ExpiringPage /> },
  { path: '/locate/:id', element: <LocateDetailPage /> },
];
