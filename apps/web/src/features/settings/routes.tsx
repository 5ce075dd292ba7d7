import { Navigate, type RouteObject } from 'react-router-dom';
import { SettingsPage } from './components/SettingsPage';

/** One page: any deeper settings path (an old link to a section) lands back on /settings/. */
export const settingsRoutes: RouteObject[] = [
  { path: '/settings/', element: <SettingsPage /> },
  { path: '/settings/*', element: <Navigate to="/settings/" replace /> },
];
