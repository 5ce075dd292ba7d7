import { Navigate, type RouteObject } from 'react-router-dom';
import { ReportsPage } from './components/ReportsPage';

/** One page; a deeper path lands back on /report/ (the API links /report/?id=). */
export const reportRoutes: RouteObject[] = [
  { path: '/report/', element: <ReportsPage /> },
  { path: '/report/*', element: <Navigate to="/report/" replace /> },
];
