import type { RouteObject } from 'react-router-dom';
import { HelpListPage } from './components/HelpListPage';
import { HelpDetailPage } from './components/detail/HelpDetailPage';

/** The help list (with the training video) and one help ticket (/help/{id}). */
export const helpRoutes: RouteObject[] = [
  { path: '/help/', element: <HelpListPage /> },
  { path: '/help/:id', element: <HelpDetailPage /> },
];
