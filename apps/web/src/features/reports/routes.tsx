import { Navigate, type RouteObject } from 'react-router-dom';
import { ReportsPage } from './components/ReportsPage';
import { SchedulesPage } from './components/SchedulesPage';
import { MailOutboxPage } from './components/MailOutboxPage';

/** The reports and their schedules; another deeper path lands back on /report/ (the API links /report/?id=). */
export const reportRoutes: RouteObject[] = [
  { path: '/report/', element: <ReportsPage /> },
  { path: '/report/schedules/', element: <SchedulesPage /> },
  { path: '/report/outbox/', element: <MailOutboxPage /> },
  { path: '/report/*', element: <Navigate to="/report/" replace /> },
];
