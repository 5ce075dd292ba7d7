import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Background } from './Background';
import { auditRoutes } from '../features/audit';
import { authRoutes, homeOf, useMe } from '../features/auth';
import { bidRoutes } from '../features/bids';
import { helpRoutes } from '../features/help';
import { jobRoutes } from '../features/jobs';
import { locateRoutes } from '../features/locates';
import { notificationRoutes } from '../features/notifications';
import { orderRoutes } from '../features/orders';
import { salesRoutes } from '../features/sales';
import { projectRoutes } from '../features/projects';
import { reportRoutes } from '../features/reports';
import { rfqRoutes } from '../features/rfqs';
import { routineRoutes } from '../features/routines';
import { settingsRoutes } from '../features/settings';
import { ticketRoutes } from '../features/tickets';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { Shell } from './Shell';

/** '/': the signed-in user's start, by their role. */
function Home() {
  const { data: me } = useMe();
  return <Navigate to={homeOf(me?.role)} replace />;
}

export const routes: RouteObject[] = [
  // Pages outside the shell (sign-in, sign-up) show the account's background picture.
  { element: <Background><Outlet /></Background>, children: authRoutes },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <Home /> },
          ...bidRoutes,
          ...projectRoutes,
          ...jobRoutes,
          ...ticketRoutes,
          ...locateRoutes,
          ...helpRoutes,
          ...orderRoutes,
          ...rfqRoutes,
          ...salesRoutes,
          ...routineRoutes,
          ...settingsRoutes,
          ...reportRoutes,
          ...auditRoutes,
          ...notificationRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
