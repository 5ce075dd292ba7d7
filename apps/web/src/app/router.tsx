import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { authRoutes } from '../features/auth/routes';
import { bidRoutes } from '../features/bids/routes';
import { jobRoutes } from '../features/jobs/routes';
import { projectRoutes } from '../features/projects/routes';
import { reportRoutes } from '../features/reports/routes';
import { routineRoutes } from '../features/routines/routes';
import { settingsRoutes } from '../features/settings/routes';
import { AREAS } from './navigation';
import { NotBuilt } from './NotBuilt';
import { RequireAuth } from './RequireAuth';
import { Shell } from './Shell';

/** Areas not built yet get their honest placeholder at their path (and below it). */
const placeholders: RouteObject[] = AREAS.filter((a) => !a.built).map((a) => ({ path: `${a.path}*`, element: <NotBuilt area={a} /> }));

const NOT_FOUND = { label: 'This page', path: '/', plan: 'Pick an area on the left.' };

export const routes: RouteObject[] = [
  ...authRoutes,
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <Navigate to="/bid/" replace /> },
          ...bidRoutes,
          ...projectRoutes,
          ...jobRoutes,
          ...routineRoutes,
          ...settingsRoutes,
          ...reportRoutes,
          ...placeholders,
          { path: '*', element: <NotBuilt area={{ ...NOT_FOUND }} /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
