import type { RouteObject } from 'react-router-dom';
import { ProjectDetailPage } from './components/ProjectDetailPage';
import { ProjectListPage } from './components/ProjectListPage';

export const projectRoutes: RouteObject[] = [
  { path: '/project/', element: <ProjectListPage /> },
  { path: '/project/:id', element: <ProjectDetailPage /> },
];
