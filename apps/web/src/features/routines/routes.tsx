import type { RouteObject } from 'react-router-dom';
import { RoutinesPage } from './components/RoutinesPage';

export const routineRoutes: RouteObject[] = [{ path: '/routine/', element: <RoutinesPage /> }];
