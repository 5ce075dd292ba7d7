import type { RouteObject } from 'react-router-dom';
import { LocateDetailPage } from './components/detail/LocateDetailPage';

export const locateRoutes: RouteObject[] = [{ path: '/locate/:id', element: <LocateDetailPage /> }];
