import type { RouteObject } from 'react-router-dom';
import { SalesDetailPage } from './components/SalesDetailPage';
import { SalesListPage } from './components/SalesListPage';
import { WeeklyHoursPage } from './components/WeeklyHoursPage';

/** The sales tracker: the organization list, the weekly hours per user (before /sales/{id}, so 'hours' is never read as an id) and one organization. */
export const salesRoutes: RouteObject[] = [
  { path: '/sales/', element: <SalesListPage /> },
  { path: '/sales/hours/', element: <WeeklyHoursPage /> },
  { path: '/sales/:id', element: <SalesDetailPage /> },
];
